import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';

/**
 * A calm revenue-office green. Shades 6 and up carry white text at WCAG AA (4.5:1) or better,
 * so filled buttons, badges and active links pass axe's colour-contrast rule.
 */
const revenue: MantineColorsTuple = [
  '#e8f5ef',
  '#d2ebdf',
  '#a5d6bf',
  '#74bf9c',
  '#4caa7e',
  '#2f9669',
  '#177a52',
  '#0f6e4a',
  '#0b5c3e',
  '#074a31',
];

/**
 * Burnt orange for notices ("Demo data", "Coming Soon", "not available yet"). Mantine's own
 * orange.9 carries white text at only 3.9:1; shades 7–9 here are above 5.5:1.
 */
const notice: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

export const theme = createTheme({
  primaryColor: 'revenue',
  primaryShade: 7,
  colors: { revenue, notice },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Dialogs, menus and collapses open without motion for people who ask for less of it.
  respectReducedMotion: true,
  components: {
    // Mantine's notification close button has no accessible name of its own (axe: button-name),
    // and its text under a title is gray.6, 3.3:1 on white: the readable dimmed grey instead.
    // A plain object, not Notification.extend(): that would import the component (and its
    // CloseButton, Loader) into every page's first load, sign-in's too (docs/architecture.md §9 "Web").
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    } satisfies MantineThemeComponent,
  },
});

/** Mantine's "dimmed" grey (gray.6) is 3.3:1 on white; gray.7 keeps secondary text readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders too: a FileInput draws its placeholder as text, which axe measures (3.3:1 failed).
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Field errors in red.6 are 3.3:1 on white; red.9 (#c92a2a) is 5.5:1, clear of AA's 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Light notices ("not available yet"): darkest text on the palest fill, 9:1.
    '--mantine-color-notice-light': 'var(--mantine-color-notice-0)',
    '--mantine-color-notice-light-color': 'var(--mantine-color-notice-9)',
    '--mantine-color-notice-light-hover': 'var(--mantine-color-notice-1)',
  },
  dark: {},
});
