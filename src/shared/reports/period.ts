import type { z } from 'zod';
import { todayInLagos } from '../dates';
import { isoDay } from '../isoDay';

/** The longest period a report covers: five years of days (and a leap day). */
export const MAX_REPORT_DAYS = 5 * 366;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * A report's period: Lagos days, both ends included (checked by withPeriodChecks). Either end
 * may be left out: periodOf fills it (the year to date).
 */
export const reportPeriodFields = {
  from: isoDay('Give the first day of the period as a date (YYYY-MM-DD).').optional(),
  to: isoDay('Give the last day of the period as a date (YYYY-MM-DD).').optional(),
};

/** The period a report covers: as given, else from 1 January of the end's year to today (Lagos). */
export function periodOf(query: { from?: string; to?: string }, today: string) {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  return { from: query.from ?? `${to.slice(0, 4)}-01-01`, to };
}

/**
 * The end of a period may not come before its start, and a period is at most five years, so no
 * report is asked to add up a lifetime by mistake.
 */
export function withPeriodChecks<T extends z.ZodObject<typeof reportPeriodFields>>(schema: T) {
  return schema
    .refine((p) => !p.from || !p.to || p.to >= p.from, {
      path: ['to'],
      error: 'The last day of the period comes before its first day.',
    })
    .refine(
      (p) => !p.from || !p.to || p.to < p.from || daysBetween(p.from, p.to) < MAX_REPORT_DAYS,
      {
        path: ['to'],
        error: 'A report covers at most five years; choose a shorter period.',
      },
    )
    .refine(
      // Left out, the last day is today (periodOf): a first day long ago asks for as long.
      (p) => !p.from || p.to !== undefined || daysBetween(p.from, todayInLagos()) < MAX_REPORT_DAYS,
      {
        path: ['from'],
        error:
          'A report covers at most five years: this first day is more than five years before today. Choose a later one, or give the last day too.',
      },
    );
}
