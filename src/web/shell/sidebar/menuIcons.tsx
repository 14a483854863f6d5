import {
  type Icon,
  IconAd2,
  IconBriefcase,
  IconBuilding,
  IconCash,
  IconCertificate,
  IconChartBar,
  IconChartPie,
  IconClipboard,
  IconCoins,
  IconCreditCard,
  IconFileCheck,
  IconFileText,
  IconHistory,
  IconLayoutDashboard,
  IconList,
  IconMapPin,
  IconPoint,
  IconPrinter,
  IconReceipt,
  IconReport,
  IconRoad,
  IconRubberStamp,
  IconSearch,
  IconSettings,
  IconShield,
  IconUpload,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { MenuIcon } from '../../../shared/menu/items';

/** The menu's icon names (src/shared/menu/items.ts MENU_ICONS) drawn with Tabler icons. */
const MENU_ICON_COMPONENTS: Record<MenuIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  user: IconUser,
  building: IconBuilding,
  'file-text': IconFileText,
  'file-check': IconFileCheck,
  certificate: IconCertificate,
  receipt: IconReceipt,
  'credit-card': IconCreditCard,
  cash: IconCash,
  report: IconReport,
  'chart-bar': IconChartBar,
  'chart-pie': IconChartPie,
  stamp: IconRubberStamp,
  settings: IconSettings,
  shield: IconShield,
  list: IconList,
  upload: IconUpload,
  search: IconSearch,
  clipboard: IconClipboard,
  briefcase: IconBriefcase,
  printer: IconPrinter,
  history: IconHistory,
  'map-pin': IconMapPin,
  billboard: IconAd2,
  road: IconRoad,
  coins: IconCoins,
};

/** The icon of a menu item; items without one (or with a name this table lacks) get a dot. */
export function MenuIconGlyph({ name, size = 20 }: { name: string | undefined; size?: number }) {
  const Component = (name && MENU_ICON_COMPONENTS[name as MenuIcon]) || IconPoint;
  return <Component size={size} stroke={1.6} aria-hidden="true" />;
}
