import { describe, expect, it } from 'vitest';
import { outcomeOf } from './outcomes';

describe('outcomeOf', () => {
  it('names a success by its status and a refusal by its status and error code', () => {
    expect(outcomeOf({ statusCode: 201, body: '{"id":"x"}' })).toBe('201');
    const conflict = JSON.stringify({ error: { code: 'CONFLICT', message: 'Changed.' } });
    expect(outcomeOf({ statusCode: 409, body: conflict })).toBe('409 CONFLICT');
    expect(outcomeOf({ statusCode: 502, body: '<html>' })).toBe('502 (no error code)');
  });
});
