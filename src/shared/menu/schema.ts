import { z } from 'zod';
import { type MenuTag, USER_TYPE_MENU_TAGS } from '../userTypeEnums';
import type { MenuItem } from './types';

const MENU_TAGS = ['general', ...Object.values(USER_TYPE_MENU_TAGS)] as [MenuTag, ...MenuTag[]];

export const MenuBadgeSchema = z.object({ text: z.string(), variant: z.string() });

export const MenuItemSchema: z.ZodType<MenuItem> = z
  .object({
    id: z.string(),
    label: z.string(),
    icon: z.string().optional(),
    link: z.string().optional(),
    isTitle: z.boolean().optional(),
    tags: z.array(z.enum(MENU_TAGS)),
    status: z.boolean().optional(),
    badge: MenuBadgeSchema.optional(),
    parentId: z.string().optional(),
    get subItems() {
      return z.array(MenuItemSchema).optional();
    },
  })
  .meta({ id: 'MenuItem' });
