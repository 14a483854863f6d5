/** Money is whole kobo everywhere but on screen and in files (docs/architecture.md §3). */

/** 150000 → "₦1,500.00". Integer arithmetic: no float rounding on large amounts. */
export function formatKoboAsNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const naira = Math.floor(abs / 100).toLocaleString('en-NG');
  return `${sign}₦${naira}.${String(abs % 100).padStart(2, '0')}`;
}

/** What an officer typed in naira (1500, 1500.5) → kobo; rounds to the nearest kobo. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}
