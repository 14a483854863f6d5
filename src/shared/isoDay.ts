import { z } from 'zod';

/**
 * A calendar day written YYYY-MM-DD, as every date filter and field of the API takes it. zod's
 * ISO date alone accepts the year 0000 (0000-02-29 even, a leap year by the Gregorian rule),
 * which PostgreSQL's `date` cannot hold: such a day is refused here, with the field's message,
 * rather than reaching the database as an error.
 */
export function isoDay(message: string) {
  return z.iso.date({ error: message }).refine((day) => !day.startsWith('0000-'), {
    error: message,
  });
}
