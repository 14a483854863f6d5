import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS, sessionSettingsAsSql, withSessionSettings } from './sessionSettings';

describe('session settings', () => {
  const ours = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

  it('go to node-postgres as start-up options, the URL left as it was', () => {
    const url = 'postgres://postgres@/test?host=/run/postgresql';
    expect(withSessionSettings(url)).toEqual({ connectionString: url, options: ours });
  });

  it('come after the options a URL names itself, which pg would otherwise let win', () => {
    const { connectionString, options } = withSessionSettings(
      'postgres://app@db.internal:5432/revdesk?sslmode=require&options=-c%20statement_timeout%3D5000',
    );
    expect(connectionString).toBe('postgres://app@db.internal:5432/revdesk?sslmode=require');
    expect(options).toBe(`-c statement_timeout=5000 ${ours}`);
  });

  it('become SET statements for PGlite, quoted', () => {
    expect(sessionSettingsAsSql()).toContain("set pg_trgm.word_similarity_threshold = '0.45';");
  });
});
