import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_FIDELITY_API_KEY, loadConfig } from './config';

const HEX_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/**
 * What production must be given besides SECRETS_KEY: where Remita, EVAS, the bank and RevDesk itself are,
 * and whom Remita's notifications come from.
 */
const PRODUCTION_URLS = {
  REMITA_BASE_URL: 'https://login.remita.net',
  EVAS_BASE_URL: 'https://evas.example.gov.ng',
  CARD_GATEWAY_BASE_URL: 'https://cards.example.gov.ng',
  CARD_GATEWAY_SECRET: 'card-gateway-secret-0123456789',
  FIDELITY_BASE_URL: 'https://api.fidelitybank.example.ng',
  FIDELITY_API_KEY: 'fidelity-production-key',
  PUBLIC_URL: 'https://revdesk.birs.gov.ng',
  REMITA_NOTIFICATION_SOURCES: '203.0.113.7',
  BENJIS_BASE_URL: 'https://pos.benjis.example.ng',
  POS_PROVIDER_SECRET: 'a-long-shared-secret-from-the-provider',
};

describe('configuration', () => {
  it('defaults to PGlite under ./data, port 3000, demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.pgliteDir).toBe(path.resolve('data/pglite'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe('demo');
    expect(config.demoPassword).toBe('revdesk-demo');
  });

  it('listens on this machine only with demo data, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ SEED: 'none' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/revdesk' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.1.2.3', SEED: 'none' }).host).toBe('10.1.2.3');
  });

  it('seeds nothing by default on PostgreSQL or in production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/revdesk' }).seed).toBe('none');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: HEX_KEY,
        TCC_SIGNING_KEY: HEX_KEY,
        ...PRODUCTION_URLS,
      }).seed,
    ).toBe('none');
  });

  it('requires SECRETS_KEY in production, and takes 32 bytes as hex or base64 only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is required/);
    expect(loadConfig({ SECRETS_KEY: HEX_KEY }).secretsKey?.toString('hex')).toBe(HEX_KEY);
    const base64 = Buffer.from(HEX_KEY, 'hex').toString('base64');
    expect(loadConfig({ SECRETS_KEY: base64 }).secretsKey?.toString('hex')).toBe(HEX_KEY);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => loadConfig({ SECRETS_KEY: HEX_KEY.slice(2) })).toThrow(/SECRETS_KEY/);
    // Unset outside production: the key is generated into DATA_DIR at start (secrets.ts).
    const demo = loadConfig({ DATA_DIR: '/srv/revdesk' });
    expect(demo.secretsKey).toBeNull();
    expect(demo.secretsKeyFile).toBe(path.resolve('/srv/revdesk/secrets.key'));
  });

  it('requires TCC_SIGNING_KEY in production, generated into DATA_DIR elsewhere (ADR 0013)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SECRETS_KEY: HEX_KEY, ...PRODUCTION_URLS }),
    ).toThrow(/TCC_SIGNING_KEY is required/);
    expect(loadConfig({ TCC_SIGNING_KEY: HEX_KEY }).tccSigningKey?.toString('hex')).toBe(HEX_KEY);
    expect(() => loadConfig({ TCC_SIGNING_KEY: 'short' })).toThrow(/TCC_SIGNING_KEY must be/);
    const demo = loadConfig({ DATA_DIR: '/srv/revdesk' });
    expect(demo.tccSigningKey).toBeNull();
    expect(demo.tccSigningKeyFile).toBe(path.resolve('/srv/revdesk/tcc-signing.key'));
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(
      /SEED=demo is refused/,
    );
  });

  it('runs the simulators with demo data only, never in production, and needs real URLs there', () => {
    const demo = loadConfig({});
    expect(demo.simulators).toBe(true);
    expect(demo.remitaBaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/revdesk' }).simulators).toBe(false);
    expect(loadConfig({ SEED: 'none', SIMULATORS: 'on' }).simulators).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: HEX_KEY,
        TCC_SIGNING_KEY: HEX_KEY,
        ...PRODUCTION_URLS,
        SIMULATORS: 'on',
      }),
    ).toThrow(/SIMULATORS=on is refused/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRETS_KEY: HEX_KEY,
        TCC_SIGNING_KEY: HEX_KEY,
        PUBLIC_URL: PRODUCTION_URLS.PUBLIC_URL,
      }),
    ).toThrow(
      /REMITA_BASE_URL is required[\s\S]*EVAS_BASE_URL is required[\s\S]*CARD_GATEWAY_BASE_URL is required[\s\S]*CARD_GATEWAY_SECRET is required[\s\S]*FIDELITY_BASE_URL is required[\s\S]*FIDELITY_API_KEY is required/,
    );
    const live = loadConfig({
      NODE_ENV: 'production',
      SECRETS_KEY: HEX_KEY,
      TCC_SIGNING_KEY: HEX_KEY,
      ...PRODUCTION_URLS,
      REMITA_BASE_URL: 'https://login.remita.net/',
    });
    expect(live.remitaBaseUrl).toBe('https://login.remita.net');
    expect(live).toMatchObject({
      fidelityBaseUrl: 'https://api.fidelitybank.example.ng',
      fidelityApiKey: 'fidelity-production-key',
    });
    // Outside production the bank simulator's demo key stands in.
    expect(loadConfig({ SEED: 'demo' }).fidelityApiKey).toBe(DEMO_FIDELITY_API_KEY);
    expect(live.simulators).toBe(false);
    expect(() => loadConfig({ RECEIPT_PREFIX: 'birs/' })).toThrow(/RECEIPT_PREFIX/);
  });

  it('refuses to start in production without REMITA_NOTIFICATION_SOURCES, unless it is `any` on purpose', () => {
    const production = {
      NODE_ENV: 'production',
      SECRETS_KEY: HEX_KEY,
      TCC_SIGNING_KEY: HEX_KEY,
      ...PRODUCTION_URLS,
      REMITA_NOTIFICATION_SOURCES: undefined,
    };
    expect(() => loadConfig(production)).toThrow(
      /REMITA_NOTIFICATION_SOURCES is required with NODE_ENV=production[\s\S]*`any`/,
    );
    expect(() => loadConfig({ ...production, REMITA_NOTIFICATION_SOURCES: ' ' })).toThrow(
      /REMITA_NOTIFICATION_SOURCES is required/,
    );
    expect(loadConfig({ ...production, REMITA_NOTIFICATION_SOURCES: 'any' })).toMatchObject({
      remitaNotificationSources: null,
    });
    expect(
      loadConfig({ ...production, REMITA_NOTIFICATION_SOURCES: '203.0.113.0/24' }),
    ).toMatchObject({ remitaNotificationSources: ['203.0.113.0/24'] });
    // Outside production, unset still means any address (the simulator posts from loopback).
    expect(loadConfig({}).remitaNotificationSources).toBeNull();
    expect(loadConfig({}).remitaNotificationItemsPerMinute).toBe(1200);
    expect(() => loadConfig({ REMITA_NOTIFICATION_SOURCES: 'anything' })).toThrow(
      /REMITA_NOTIFICATION_SOURCES is `any` or/,
    );
  });

  it("reads the service's contact phone in E.164, and refuses one that is not Nigerian", () => {
    expect(loadConfig({}).contactPhone).toBeNull();
    expect(loadConfig({ CONTACT_PHONE: '0906 206 7384' }).contactPhone).toBe('+2349062067384');
    expect(() => loadConfig({ CONTACT_PHONE: '12345' })).toThrow(/CONTACT_PHONE/);
  });

  it('keeps metrics off unless METRICS_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    const token = 'a'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(23) })).toThrow(/METRICS_TOKEN/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED: 'lots' })).toThrow(/PORT[\s\S]*SEED/);
  });
});
