import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('defaults to PGlite under ./data, port 3000, demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.pgliteDir).toBe(path.resolve('data/pglite'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe('demo');
    expect(config.demoPassword).toBe('revdesk-demo');
  });

  it('seeds nothing by default on PostgreSQL or in production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/revdesk' }).seed).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED: 'demo' })).toThrow(
      /SEED=demo is refused/,
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED: 'lots' })).toThrow(/PORT[\s\S]*SEED/);
  });
});
