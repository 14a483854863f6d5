import type { UserType } from '../userTypeEnums';
import { USER_TYPE_MENU_TAGS } from '../userTypeEnums';
import { NEW_BADGE, OWN_FOR_TAGS } from './items';
import type { MenuItem } from './types';

function isGroup(item: MenuItem): boolean {
  return item.subItems !== undefined && item.subItems.length > 0;
}

/** docs/product.md §6: visible when not hidden and tagged `general` or with the user type's tag. */
function isVisibleTo(item: MenuItem, userTag: string): boolean {
  return item.status !== false && item.tags.some((tag) => tag === 'general' || tag === userTag);
}

/** Filters one level; a group survives only with at least one visible child. */
function filterLevel(items: readonly MenuItem[], userTag: string): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (!isVisibleTo(item, userTag)) continue;
    // A page docs/product.md §2 gives to others, shown to this user type by RevDesk: badged "New".
    const isOwnForUser = OWN_FOR_TAGS.get(item.id)?.some((tag) => tag === userTag) ?? false;
    const badge = item.badge ?? (isOwnForUser ? NEW_BADGE : undefined);
    const copy: MenuItem = {
      ...item,
      tags: [...item.tags],
      ...(badge ? { badge: { ...badge } } : {}),
    };
    if (item.subItems !== undefined) {
      const children = filterLevel(item.subItems, userTag);
      if (isGroup(item) && children.length === 0) continue;
      copy.subItems = children;
    }
    kept.push(copy);
  }
  return withoutEmptyTitles(kept);
}

/** A section title stays only when a visible non-title item follows it before the next title. */
function withoutEmptyTitles(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item, index) => {
    if (!item.isTitle) return true;
    const next = items[index + 1];
    return next !== undefined && !next.isTitle;
  });
}

/**
 * The menu a user type sees, by the tag rule of docs/product.md §6. Pure: returns new objects and
 * leaves `items` untouched, so the shared MENU can be filtered for every request.
 */
export function filterMenu(items: readonly MenuItem[], userType: UserType): MenuItem[] {
  return filterLevel(items, USER_TYPE_MENU_TAGS[userType]);
}

/** Every link in the tree, depth-first, in menu order. */
export function menuLinks(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.link === undefined ? [] : [item.link]),
    ...menuLinks(item.subItems ?? []),
  ]);
}

/** The item (at any depth) whose link is `link`, or undefined when the menu has none. */
export function findMenuItemByLink(items: readonly MenuItem[], link: string): MenuItem | undefined {
  for (const item of items) {
    if (item.link === link) return item;
    const found = findMenuItemByLink(item.subItems ?? [], link);
    if (found) return found;
  }
  return undefined;
}
