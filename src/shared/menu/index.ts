export { BIRS_CHILD_AREAS, SHELL_CHILD_AREAS } from './areas';
export { filterMenu, findMenuItemByLink, menuLinks } from './filter';
export { MENU, MENU_ICONS, type MenuIcon } from './items';
export type { MenuItem } from './types';
