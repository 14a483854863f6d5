import { z } from 'zod';
import type { MenuTag } from '../userTypes';
import { USER_TYPE_MENU_TAGS } from '../userTypes';

const MENU_TAGS = ['general', ...Object.values(USER_TYPE_MENU_TAGS)] as [MenuTag, ...MenuTag[]];

export const MenuBadgeSchema = z.object({ text: z.string(), variant: z.string() });

/**
 * A menu item of SPEC.md §3: label, icon, link, isTitle, tags, status, badge, parentId,
 * subItems (up to three levels). `status: false` = present but hidden; no status = shown
 * with a "Coming Soon" badge; `status: true` = shown.
 */
export type MenuItem = {
  id: string;
  label: string;
  /** A name from the web's icon table (src/web/shell/menuIcons.tsx). */
  icon?: string | undefined;
  /** Full path under /birs/, e.g. /birs/taxs/pending-tcc-da-director. */
  link?: string | undefined;
  isTitle?: boolean | undefined;
  tags: MenuTag[];
  status?: boolean | undefined;
  badge?: { text: string; variant: string } | undefined;
  parentId?: string | undefined;
  subItems?: MenuItem[] | undefined;
};

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
