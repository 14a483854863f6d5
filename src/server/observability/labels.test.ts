import { describe, expect, it } from 'vitest';
import {
  bearerTokenMatches,
  methodLabel,
  routeLabel,
  statusClass,
  UNMATCHED_ROUTE,
} from './labels';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('metric labels', () => {
  it('labels a request by its route pattern, or as unmatched', () => {
    expect(routeLabel('/api/v1/taxpayers/:btin')).toBe('/api/v1/taxpayers/:btin');
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('')).toBe(UNMATCHED_ROUTE);
    // The web app's catch-all (deep links, unknown paths) is not a route of its own.
    expect(routeLabel('/*')).toBe(UNMATCHED_ROUTE);
  });

  it('groups statuses by class', () => {
    expect([200, 204, 301, 401, 404, 422, 500, 502].map(statusClass)).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
    expect(statusClass(0)).toBe('other');
    expect(statusClass(600)).toBe('other');
  });

  it('keeps the usual methods and folds the rest', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});

describe('bearerTokenMatches', () => {
  it('accepts the token as a bearer token, whatever the scheme’s case', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('refuses a missing, different, longer, shorter or differently sent token', () => {
    expect(bearerTokenMatches(undefined, TOKEN)).toBe(false);
    expect(bearerTokenMatches('', TOKEN)).toBe(false);
    expect(bearerTokenMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN.slice(0, -1)}x`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerTokenMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
  });
});
