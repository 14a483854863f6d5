/**
 * The officer list's dialogs, fetched together when the first opens (lib/dialogs/useLazyDialog.ts): one
 * chunk, so the parts only they draw with (the MDA privileges' MultiSelect) stay in it. Two
 * lazy modules importing them would put those parts in `vendor-pages`, which every list loads
 * (vite.chunks.ts).
 */
export { CreateOfficerModal } from './CreateOfficerModal';
export { OfficerDrawer } from './OfficerDrawer';
