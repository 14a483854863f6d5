import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitBuckets } from '../db/schema';
import { AppError } from '../errors';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counter in the database (docs/architecture.md §7: no state that matters in memory), one
 * statement: a new window starts when the old one has passed. `weight` counts one request as
 * several hits (the items of one Remita notification, ADR 0031).
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  weight = 1,
): Promise<RateLimitResult> {
  const windowOver = sql`${rateLimitBuckets.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStartedAt: sql`now()`, hits: weight })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: sql`case when ${windowOver} then ${weight}::int else ${rateLimitBuckets.hits} + ${weight}::int end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${rateLimitBuckets.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimitBuckets.hits, windowStartedAt: rateLimitBuckets.windowStartedAt });
  if (!row || row.hits <= limit) return { allowed: true };
  const windowEnds = row.windowStartedAt.getTime() + windowSeconds * 1000;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)),
  };
}

/**
 * The one way a route refuses an address that asks too often: counts the hit in the bucket
 * `<bucket>:<ip>` (a minute's window) and throws 429 RATE_LIMITED with `Retry-After` past
 * `perMinute`. `what` names what was asked in the message ("receipt checks"); `weight` is how
 * many of them this request asks for (default one). The limits themselves are settings
 * (config.ts, README "Configuration"; ADR 0014).
 */
export async function limitPerMinute(
  db: Db,
  {
    bucket,
    ip,
    perMinute,
    what,
    weight = 1,
  }: { bucket: string; ip: string | null; perMinute: number; what: string; weight?: number },
): Promise<void> {
  const limit = await hitRateLimit(db, `${bucket}:${ip ?? 'unknown'}`, perMinute, 60, weight);
  if (!limit.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many ${what} from this address. Please wait a minute and try again.`,
      { headers: { 'retry-after': String(limit.retryAfterSeconds) } },
    );
  }
}
