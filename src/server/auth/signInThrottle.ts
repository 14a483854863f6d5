import { and, desc, eq, gt, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { officers, signInThrottles } from '../db/schema';

/**
 * Sign-in throttling (ADR 0023, after OWASP's Authentication Cheat Sheet, "Account Lockout"):
 * failed sign-ins are counted per (account, address) and per account over every address, each
 * count halving every hour. Once a count (to the nearest whole failure) reaches its free
 * failures, the next attempt it covers must wait 2^(count − free) seconds, at most 15 minutes,
 * before it is even checked. An address's count has few free failures; the account's, over all
 * addresses, many: one address hammering an account never stops its officer signing in from
 * elsewhere. Names no account has are counted
 * the same way, so a throttled answer says nothing about whether the name exists.
 */
export const SIGN_IN_THROTTLE = {
  /** Typos happen: three failures from one address before the first wait (of 1 s). */
  addressFreeFailures: 3,
  /**
   * One address reaches about 13 failures in its first 17 minutes (3 free, then waits of
   * 1 s … 512 s) and about 8 an hour after that: 100 needs eight or more addresses at once.
   */
  accountFreeFailures: 100,
  /** A count halves every hour: a forgotten password of yesterday weighs nothing today. */
  halfLifeSeconds: 3600,
  /** The longest wait, whatever the count: an officer is never kept out for long by a typo. */
  maxDelaySeconds: 15 * 60,
} as const;

/** The address key of the account-wide counter. */
export const EVERY_ADDRESS = '*';

/** Whose failures: the account when there is one, else the name as typed (compared lower-cased). */
export function throttleSubject(officerId: string | null, login: string): string {
  return officerId ? `officer:${officerId}` : `login:${login.trim().toLowerCase()}`;
}

/** A timestamp from raw SQL: drivers hand it over as text or as a Date (nulls never reach here). */
function toDate(value: string | Date): Date {
  return new Date(value);
}

function addressOf(ip: string | null): string {
  return ip ?? 'unknown';
}

/** Until when attempts of this subject from this address are not checked; null when they are. */
export async function findSignInBlock(
  db: Db,
  subject: string,
  ip: string | null,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql`max(${signInThrottles.blockedUntil})`.mapWith(toDate) })
    .from(signInThrottles)
    .where(
      and(
        eq(signInThrottles.subject, subject),
        inArray(signInThrottles.address, [addressOf(ip), EVERY_ADDRESS]),
        gt(signInThrottles.blockedUntil, sql`now()`),
      ),
    );
  return row?.until ?? null;
}

/** The stored count decayed to now (the database's clock, shared by every instance). */
const decayedFailures = sql`${signInThrottles.failures} * power(0.5, greatest(0, extract(epoch from now() - ${signInThrottles.lastFailedAt})) / ${SIGN_IN_THROTTLE.halfLifeSeconds})`;

/**
 * 2^(n − free) seconds from now once n reaches the free failures, else null; n is the decayed
 * count to the nearest whole failure, so three failures in a few minutes are three, not 2.9999.
 */
function blockAfter(count: SQL, freeFailures: number): SQL {
  const whole = sql`round(${count})`;
  return sql`case when ${whole} >= ${freeFailures} then now() + make_interval(secs => least(${SIGN_IN_THROTTLE.maxDelaySeconds}, power(2, ${whole} - ${freeFailures}))) end`;
}

async function countFailure(
  db: Db,
  values: { subject: string; address: string; officerId: string | null },
  freeFailures: number,
): Promise<{ failures: number; blockedUntil: Date | null }> {
  const next = sql`(${decayedFailures} + 1)`;
  const [row] = await db
    .insert(signInThrottles)
    .values({
      ...values,
      failures: 1,
      lastFailedAt: sql`now()`,
      blockedUntil: blockAfter(sql`1`, freeFailures),
    })
    .onConflictDoUpdate({
      target: [signInThrottles.subject, signInThrottles.address],
      set: {
        failures: next,
        lastFailedAt: sql`now()`,
        blockedUntil: blockAfter(next, freeFailures),
      },
    })
    .returning({ failures: signInThrottles.failures, blockedUntil: signInThrottles.blockedUntil });
  if (!row) throw new Error('upsert into sign_in_throttles returned nothing');
  return row;
}

export type SignInFailureCount = {
  fromAddress: number;
  onAccount: number;
  /** When a wait starts with this failure (or goes on), its end. */
  blockedUntil: Date | null;
};

/** Counts one failure for the subject from this address and over every address. */
export async function recordSignInFailure(
  db: Db,
  { subject, officerId, ip }: { subject: string; officerId: string | null; ip: string | null },
): Promise<SignInFailureCount> {
  // Rows idle for a day have decayed to nothing (24 half-lives): they only take space.
  await db
    .delete(signInThrottles)
    .where(lt(signInThrottles.lastFailedAt, sql`now() - interval '1 day'`));
  const address = await countFailure(
    db,
    { subject, officerId, address: addressOf(ip) },
    SIGN_IN_THROTTLE.addressFreeFailures,
  );
  const account = await countFailure(
    db,
    { subject, officerId, address: EVERY_ADDRESS },
    SIGN_IN_THROTTLE.accountFreeFailures,
  );
  const ends = [address.blockedUntil, account.blockedUntil].filter((d): d is Date => d !== null);
  return {
    fromAddress: address.failures,
    onAccount: account.failures,
    blockedUntil: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null,
  };
}

/** A successful sign-in: this address's count for the account starts afresh. */
export async function clearSignInFailuresFrom(
  db: Db,
  subject: string,
  ip: string | null,
): Promise<void> {
  await db
    .delete(signInThrottles)
    .where(and(eq(signInThrottles.subject, subject), eq(signInThrottles.address, addressOf(ip))));
}

export type ThrottleRow = {
  officerId: string;
  /** Null for the account-wide counter (every address). */
  address: string | null;
  failures: number;
  /** When the count falls back under its free failures (or the last wait ends, if later). */
  throttledUntil: Date;
};

const freeFailuresOfRow = sql.raw(
  `(case when "sign_in_throttles"."address" = '${EVERY_ADDRESS}' then ${SIGN_IN_THROTTLE.accountFreeFailures} else ${SIGN_IN_THROTTLE.addressFreeFailures} end)`,
);

/**
 * How long a counter stays throttled, for the administrators: while its count, to the nearest
 * whole failure, is at its free failures or above, each further failure makes the address wait
 * again, even when the last wait is over; the count gets under that (free − 0.5) after
 * half-life × log2(count / (free − 0.5)). Or the last wait's end, if later.
 */
const throttledUntil = sql`greatest(${signInThrottles.blockedUntil}, ${signInThrottles.lastFailedAt} + make_interval(secs => ${sql.raw(String(SIGN_IN_THROTTLE.halfLifeSeconds))} * ln(greatest(${signInThrottles.failures}, 0.001) / (${freeFailuresOfRow} - 0.5)) / ln(2)))`;

const currentRowColumns = {
  officerId: sql<string>`${signInThrottles.officerId}`,
  address: sql<string | null>`nullif(${signInThrottles.address}, ${EVERY_ADDRESS})`,
  failures: sql<number>`round((${decayedFailures})::numeric, 1)::float8`,
  throttledUntil: throttledUntil.mapWith(toDate),
};

const isThrottledNow = and(isNotNull(signInThrottles.officerId), sql`${throttledUntil} > now()`);

/** Every account's throttles still running, latest end first, with the officers' names. */
export async function findThrottledSignIns(db: Db, limit: number) {
  return db
    .select({
      ...currentRowColumns,
      officer: {
        officerId: officers.officerId,
        username: officers.username,
        firstName: officers.firstName,
        surname: officers.surname,
        userType: officers.userType,
      },
    })
    .from(signInThrottles)
    .innerJoin(officers, eq(officers.id, signInThrottles.officerId))
    .where(isThrottledNow)
    .orderBy(desc(throttledUntil), signInThrottles.address)
    .limit(limit);
}

/** One account's throttles still running. */
export async function findOfficerThrottles(db: Db, officerId: string): Promise<ThrottleRow[]> {
  return db
    .select(currentRowColumns)
    .from(signInThrottles)
    .where(and(eq(signInThrottles.officerId, officerId), isThrottledNow))
    .orderBy(desc(throttledUntil));
}

/** Every count of the account, running or not, from every address: an administrator's clearance. */
export async function clearOfficerThrottles(db: Db, officerId: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.officerId, officerId));
}

/** An officer some address (or every address) is throttled for: the list filter. */
export const isSignInThrottled = sql`exists (select 1 from ${signInThrottles} where ${signInThrottles.officerId} = ${officers.id} and ${throttledUntil} > now())`;

/** When the officer's last running throttle ends; null when none runs. */
export const signInThrottledUntil =
  sql`(select max(${throttledUntil}) from ${signInThrottles} where ${signInThrottles.officerId} = ${officers.id} and ${throttledUntil} > now())`.mapWith(
    toDate,
  );
