import path from 'node:path';
import { z } from 'zod';
import { normaliseNigerianPhone } from '../shared/phone';
import { isAddressOrCidr, parseTrustProxy, splitList } from './security/addresses';

/** Every environment variable RevDesk reads, parsed once at start. README's configuration table mirrors this. */
const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: 127.0.0.1 with demo data (its sign-ins are printed on the sign-in page), else 0.0.0.0. */
    HOST: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    SEED: z.enum(['demo', 'none']).optional(),
    DEMO_PASSWORD: z.string().min(10).default('revdesk-demo'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Sign-in attempts per minute from one address. A whole office may sit behind one NAT address. */
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Public checks (receipt, notice, certificate) per minute from one address (ADR 0014). */
    PUBLIC_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Remita payment notifications per minute from one address (ADR 0014). */
    REMITA_NOTIFICATION_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(600),
    /**
     * The items of Remita's notifications per minute from one address, all requests together:
     * each item costs a status call to Remita and may cost an audit row, so a flood of small
     * requests and one of large ones are held alike (ADR 0031). 1,200 is twenty a second, the
     * top of Remita's real rate for a state (ADR 0010: tens a second at peak).
     */
    REMITA_NOTIFICATION_ITEMS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1200),
    /**
     * The addresses Remita's notifications may come from (IPs or CIDRs, comma-separated), or
     * `any`. Unset means any outside production; production refuses to start without it
     * (superRefine below), so that opening the public route to everyone is a choice.
     */
    REMITA_NOTIFICATION_SOURCES: z
      .string()
      .optional()
      .refine((v) => v?.trim() === 'any' || splitList(v).every(isAddressOrCidr), {
        error:
          'REMITA_NOTIFICATION_SOURCES is `any` or a comma-separated list of IP addresses or CIDRs, e.g. 203.0.113.7,198.51.100.0/24',
      }),
    /** The reverse proxies in front of RevDesk: off, a hop count, or their addresses/CIDRs (ADR 0014). */
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((v) => parseTrustProxy(v) !== null, {
        error:
          "TRUST_PROXY is off, a number of proxy hops (1–10), or a comma-separated list of the proxies' addresses or CIDRs (loopback, linklocal and uniquelocal name the private ranges)",
      }),
    /**
     * Origins besides PUBLIC_URL's allowed to make cookie-authenticated writes (comma-separated).
     * With either set, the request's Host header no longer vouches for its Origin (ADR 0022).
     */
    PUBLIC_ORIGINS: z.string().optional(),
    /** 32 bytes (64 hex digits or base64) that encrypt secrets at rest, e.g. MDAs' Remita API keys. */
    /** Remita's base URL, e.g. https://login.remita.net (Remita's demo: https://demo.remita.net). Unset: the simulator on this server (demo only). */
    REMITA_BASE_URL: z.url().optional(),
    /**
     * The revenue service's contact number, sent to Remita as the payer's phone when a taxpayer
     * has none (ADR 0021). Unset: such a bill goes out with no phone.
     */
    CONTACT_PHONE: z
      .string()
      .optional()
      .refine((v) => !v?.trim() || normaliseNigerianPhone(v) !== null, {
        error: 'CONTACT_PHONE is a Nigerian phone number, e.g. 08031234567',
      }),
    /** The auto-registration (EVAS) system's base URL. Unset: the simulator on this server (demo only). */
    EVAS_BASE_URL: z.url().optional(),
    /** The card payment gateway's base URL (docs/card.md). Unset: the simulator on this server (demo only). */
    CARD_GATEWAY_BASE_URL: z.url().optional(),
    /** The secret RevDesk sends the card gateway as a bearer token (docs/card.md). */
    CARD_GATEWAY_SECRET: z.string().trim().min(16).optional(),
    /**
     * How long the officer waits for the card at the gateway's terminal: the payer inserts the
     * card and types the PIN inside it. Past it the attempt is "no answer" and is settled by a
     * status query (docs/card.md).
     */
    CARD_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(90_000),
    /**
     * Fidelity Bank's statement API base URL (docs/bank.md "The bank's protocol"). Unset: the
     * simulator on this server (demo only); required in production.
     */
    FIDELITY_BASE_URL: z.url().optional(),
    /** The API key the bank gave the service, sent with each statement call; required in production. */
    FIDELITY_API_KEY: z.string().trim().min(1).optional(),
    /** How long one statement call may take (a busy day's statement is large). */
    FIDELITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    /** The POS provider's (Benjis) base URL, for the daily pull (docs/pos.md). Unset: the simulator on this server (demo only). */
    BENJIS_BASE_URL: z.url().optional(),
    /**
     * The secret the POS provider and RevDesk share: it signs every push and pull (HMAC-SHA256,
     * docs/pos.md "Signature"). Required in production; `revdesk-demo-pos-secret` elsewhere.
     */
    POS_PROVIDER_SECRET: z
      .string()
      .optional()
      .refine((v) => v === undefined || v.length >= 16, {
        error: 'POS_PROVIDER_SECRET must be at least 16 characters (openssl rand -hex 32)',
      }),
    /** POS pushes per minute from one address: a provider pushes as terminals collect (docs/pos.md). */
    POS_PUSH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6_000),
    /** Mount the Remita, EVAS, card gateway, bank and POS provider simulators under /_sim (on by default with demo data; never in production). */
    SIMULATORS: z.enum(['on', 'off']).optional(),
    /** How long a call to Remita or EVAS may take before it counts as unavailable. */
    REMITA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** The first part of every receipt number: <prefix>/<year>/<sequence>. */
    RECEIPT_PREFIX: z
      .string()
      .regex(/^[A-Z]{2,10}$/, { error: 'RECEIPT_PREFIX is 2–10 capital letters, e.g. BIRS' })
      .default('BIRS'),
    /** The address staff and the public reach RevDesk at; receipts' QR codes point here. */
    PUBLIC_URL: z.url().optional(),
    /**
     * The bearer token a Prometheus scraper sends to GET /metrics (ADR 0015). Unset: no metrics
     * are kept and /metrics answers 404 (an empty value too). Long enough that guessing it is
     * hopeless.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .refine((v) => v === '' || v.length >= 24, {
        error: 'METRICS_TOKEN must be at least 24 characters (openssl rand -hex 24)',
      })
      .optional(),
    /** Where the built web app is (default dist/web); browser tests run their own build from another. */
    WEB_DIR: z.string().min(1).optional(),
    SECRETS_KEY: z
      .string()
      .optional()
      .refine((v) => v === undefined || decodeSecretsKey(v) !== null, {
        error: 'SECRETS_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
      }),
    /** The Ed25519 private key (its 32-byte seed) that signs certificates' QR payloads (ADR 0013). */
    TCC_SIGNING_KEY: z
      .string()
      .optional()
      .refine((v) => v === undefined || decodeSecretsKey(v) !== null, {
        error:
          'TCC_SIGNING_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)',
      }),
  })
  .superRefine((env, ctx) => {
    // A key generated beside the data would be lost with a container and never shared by a
    // second instance: production must be given one.
    if (env.NODE_ENV === 'production' && !env.SECRETS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'SECRETS_KEY is required with NODE_ENV=production (32 bytes: openssl rand -base64 32). Keep it safe: without it the stored Remita API keys cannot be read.',
      });
    }
    if (env.NODE_ENV === 'production' && !env.TCC_SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TCC_SIGNING_KEY'],
        message:
          'TCC_SIGNING_KEY is required with NODE_ENV=production (32 bytes: openssl rand -base64 32). Every instance must have the same one: it signs the QR codes of tax clearance certificates (ADR 0013).',
      });
    }
    if (env.NODE_ENV === 'production' && env.SIMULATORS === 'on') {
      ctx.addIssue({
        code: 'custom',
        path: ['SIMULATORS'],
        message:
          'SIMULATORS=on is refused with NODE_ENV=production: the simulators take payments that never happened.',
      });
    }
    if (env.NODE_ENV === 'production') {
      for (const key of [
        'REMITA_BASE_URL',
        'EVAS_BASE_URL',
        'CARD_GATEWAY_BASE_URL',
        'CARD_GATEWAY_SECRET',
        'FIDELITY_BASE_URL',
        'FIDELITY_API_KEY',
        'PUBLIC_URL',
        'BENJIS_BASE_URL',
        'POS_PROVIDER_SECRET',
      ] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required with NODE_ENV=production (see README, Configuration).`,
          });
        }
      }
    }
    // The notification route is public and records payments: in production its senders are
    // named, or opened to every address on purpose with `any` (docs/deploy.md, ADR 0031).
    if (env.NODE_ENV === 'production' && !env.REMITA_NOTIFICATION_SOURCES?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['REMITA_NOTIFICATION_SOURCES'],
        message:
          "REMITA_NOTIFICATION_SOURCES is required with NODE_ENV=production: the addresses Remita's payment notifications come from (IPs or CIDRs, comma-separated; ask Remita for them), or `any` to take them from every address on purpose (see docs/deploy.md).",
      });
    }
    if (env.NODE_ENV === 'production' && env.SEED === 'demo') {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED'],
        message:
          'SEED=demo is refused with NODE_ENV=production: demo officers have a known password.',
      });
    }
  });

/** The key the bank simulator expects when FIDELITY_API_KEY is unset (never in production). */
export const DEMO_FIDELITY_API_KEY = 'revdesk-demo-fidelity-key';
/** The POS provider's secret outside production when POS_PROVIDER_SECRET is unset (docs/pos.md). */
export const DEMO_POS_PROVIDER_SECRET = 'revdesk-demo-pos-secret';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PGlite lives here unless databaseUrl is set. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  env: 'development' | 'production' | 'test';
  seed: 'demo' | 'none';
  demoPassword: string;
  logLevel: string;
  loginRateLimitPerMinute: number;
  /** Receipt, notice and certificate checks a minute from one address (the public verify pages). */
  publicCheckRateLimitPerMinute: number;
  /** Remita payment notifications a minute from one address. */
  remitaNotificationRateLimitPerMinute: number;
  /** Items of Remita's notifications per minute from one address (ADR 0031). */
  remitaNotificationItemsPerMinute: number;
  /** Where Remita's notifications may come from (IPs, CIDRs); null: anywhere. */
  remitaNotificationSources: string[] | null;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses (security/addresses.ts). */
  trustProxy: false | number | string[];
  publicOrigins: string[];
  /** Mount the simulators (Remita, EVAS, card gateway, bank, POS provider) under /_sim on this server. */
  simulators: boolean;
  /** Remita's base URL; null means this server's own simulator (/_sim/remita). */
  remitaBaseUrl: string | null;
  /** EVAS's base URL; null means this server's own simulator (/_sim/evas). */
  evasBaseUrl: string | null;
  remitaTimeoutMs: number;
  /** The card gateway's base URL; null means this server's own simulator (/_sim/card). */
  cardGatewayBaseUrl: string | null;
  /** The card gateway's bearer secret; null outside production means the simulator's own. */
  cardGatewaySecret: string | null;
  cardGatewayTimeoutMs: number;
  /** Fidelity Bank's base URL; null means this server's own simulator (/_sim/fidelity). */
  fidelityBaseUrl: string | null;
  /** The bank's API key; outside production a demo key the simulator expects when unset. */
  fidelityApiKey: string;
  fidelityTimeoutMs: number;
  /** The POS provider's base URL; null means this server's own simulator (/_sim/benjis). */
  benjisBaseUrl: string | null;
  /** The POS provider's shared secret (docs/pos.md "Signature"); the demo one outside production. */
  posProviderSecret: string;
  /** POS pushes a minute from one address. */
  posPushRateLimitPerMinute: number;
  /** CONTACT_PHONE in E.164; null when unset (ADR 0021). */
  contactPhone: string | null;
  receiptPrefix: string;
  /** Where RevDesk is reached, without a trailing slash; null: the address of the request. */
  publicUrl: string | null;
  /** Where the built web app is; the server serves it when present. */
  webDir: string;
  /** The bearer token of GET /metrics; null: metrics off, /metrics answers 404 (ADR 0015). */
  metricsToken: string | null;
  /** Where releases before the stored_files table kept uploads; copied into it at start (files/store.ts). */
  filesDir: string;
  /** SECRETS_KEY decoded; null outside production when unset (then `secretsKeyFile` holds one). */
  secretsKey: Buffer | null;
  /** DATA_DIR/secrets.key: generated once when SECRETS_KEY is unset (src/server/secrets.ts). */
  secretsKeyFile: string;
  /** TCC_SIGNING_KEY decoded (an Ed25519 seed); null outside production when unset. */
  tccSigningKey: Buffer | null;
  /** DATA_DIR/tcc-signing.key: generated once when TCC_SIGNING_KEY is unset (ADR 0013). */
  tccSigningKeyFile: string;
};

/** 32 bytes from 64 hex digits or from base64 (standard or url-safe); null otherwise. */
export function decodeSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`RevDesk configuration is invalid:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const seed = e.SEED ?? (e.DATABASE_URL || e.NODE_ENV === 'production' ? 'none' : 'demo');
  return {
    port: e.PORT,
    // Demo mode lists every demo officer and their shared password on the sign-in page: on an
    // office network, every interface would hand the whole demo to anyone who browses to it.
    // It stays on this machine unless HOST says otherwise (docs/deploy.md).
    host: e.HOST ?? (seed === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.join(dataDir, 'files'),
    secretsKey: e.SECRETS_KEY ? decodeSecretsKey(e.SECRETS_KEY) : null,
    secretsKeyFile: path.join(dataDir, 'secrets.key'),
    tccSigningKey: e.TCC_SIGNING_KEY ? decodeSecretsKey(e.TCC_SIGNING_KEY) : null,
    tccSigningKeyFile: path.join(dataDir, 'tcc-signing.key'),
    databaseUrl: e.DATABASE_URL,
    env: e.NODE_ENV,
    // Demo data by default only on the embedded database; a real PostgreSQL gets none unless asked.
    seed,
    // The simulators come with demo data, and otherwise only when asked for (tests, a trial).
    simulators: e.SIMULATORS ? e.SIMULATORS === 'on' : seed === 'demo',
    remitaBaseUrl: e.REMITA_BASE_URL?.replace(/\/+$/, '') ?? null,
    evasBaseUrl: e.EVAS_BASE_URL?.replace(/\/+$/, '') ?? null,
    remitaTimeoutMs: e.REMITA_TIMEOUT_MS,
    cardGatewayBaseUrl: e.CARD_GATEWAY_BASE_URL?.replace(/\/+$/, '') ?? null,
    cardGatewaySecret: e.CARD_GATEWAY_SECRET || null,
    cardGatewayTimeoutMs: e.CARD_GATEWAY_TIMEOUT_MS,
    fidelityBaseUrl: e.FIDELITY_BASE_URL?.replace(/\/+$/, '') ?? null,
    // Production refuses to start without a key (above); elsewhere the simulator's demo key.
    fidelityApiKey: e.FIDELITY_API_KEY ?? DEMO_FIDELITY_API_KEY,
    fidelityTimeoutMs: e.FIDELITY_TIMEOUT_MS,
    benjisBaseUrl: e.BENJIS_BASE_URL?.replace(/\/+$/, '') ?? null,
    // Production refuses to start without one (above); the demo's is public on purpose.
    posProviderSecret: e.POS_PROVIDER_SECRET ?? DEMO_POS_PROVIDER_SECRET,
    posPushRateLimitPerMinute: e.POS_PUSH_RATE_LIMIT_PER_MINUTE,
    contactPhone: e.CONTACT_PHONE?.trim() ? normaliseNigerianPhone(e.CONTACT_PHONE) : null,
    receiptPrefix: e.RECEIPT_PREFIX,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    publicCheckRateLimitPerMinute: e.PUBLIC_CHECK_RATE_LIMIT_PER_MINUTE,
    remitaNotificationRateLimitPerMinute: e.REMITA_NOTIFICATION_RATE_LIMIT_PER_MINUTE,
    remitaNotificationItemsPerMinute: e.REMITA_NOTIFICATION_ITEMS_PER_MINUTE,
    remitaNotificationSources:
      e.REMITA_NOTIFICATION_SOURCES?.trim() !== 'any' &&
      splitList(e.REMITA_NOTIFICATION_SOURCES).length > 0
        ? splitList(e.REMITA_NOTIFICATION_SOURCES)
        : null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    publicOrigins: (e.PUBLIC_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDir: path.resolve(e.WEB_DIR ?? 'dist/web'),
    metricsToken: e.METRICS_TOKEN || null,
  };
}
