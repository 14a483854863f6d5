import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';

/** Where a password check that failed inside argon2 is said (the app's logger). */
export type PasswordCheckLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane): about 25 ms on
 * one core here, so a sign-in costs little and a stolen hash costs an attacker a lot.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when the password matches the stored hash. A check that fails inside argon2 (a malformed
 * stored hash, the native module out of memory) refuses the password, never crashes the
 * sign-in, and is logged at error with the officer's id: an officer who can never sign in with
 * the right password needs an administrator, who must be able to find why. argon2's message
 * holds neither the password nor the hash ("Decoding failed").
 */
export async function verifyPassword(
  passwordHash: string,
  password: string,
  log: PasswordCheckLog,
  officerId: string | null,
): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (err) {
    log.error(
      { officerId, err: { type: errorName(err), message: errorMessage(err) } },
      'the password check failed inside argon2: refused as a wrong password',
    );
    return false;
  }
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string, log: PasswordCheckLog): Promise<false> {
  dummyHash ??= hashPassword('revdesk-timing-equaliser');
  await verifyPassword(await dummyHash, password, log, null);
  return false;
}
