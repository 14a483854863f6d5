import type { MenuTag } from '../userTypeEnums';

/*
 * The menu's type only, without zod (docs/architecture.md §9 "Web": the shell and the pages read the
 * menu; its schema, for the API contract, is in schema.ts).
 */

/**
 * A menu item of docs/product.md §3: label, icon, link, isTitle, tags, status, badge, parentId,
 * subItems (up to three levels). `status: false` = present but hidden; no status = shown
 * with a "Coming Soon" badge; `status: true` = shown.
 */
export type MenuItem = {
  id: string;
  label: string;
  /** A name from the web's icon table (src/web/shell/sidebar/menuIcons.tsx). */
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
