import Fastify from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, SerializersDisagreeError } from './serializer';

type Serialize = (data: unknown) => string;

const compileWith = (compiler: ReturnType<typeof createSerializerCompiler>, schema: unknown) =>
  compiler({ schema, method: 'GET', url: '/api/v1/things', httpStatus: '200' }) as Serialize;

const Officer = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string().nullable(),
  lastSeenAt: z.iso.datetime().optional(),
  roles: z.array(z.enum(['ADMIN', 'OFFICER_MDA'])),
});
const officer = {
  roles: ['ADMIN'],
  username: 'ebiere',
  email: null,
  id: '0b5e4f6c-4c1d-4b7a-9a57-6f1b3c9d2e10',
  // What a handler must never send: not in the schema, so never written.
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
};
const zodText =
  '{"id":"0b5e4f6c-4c1d-4b7a-9a57-6f1b3c9d2e10","username":"ebiere","email":null,"roles":["ADMIN"]}';

describe('the fast serialiser (production)', () => {
  const serialize = compileWith(createSerializerCompiler('fast'), Officer);

  it('writes the schema’s properties (required ones first), and nothing else', () => {
    expect(JSON.parse(serialize(officer))).toEqual(JSON.parse(zodText));
    expect(serialize(officer)).not.toContain('argon2');
  });

  it('refuses rather than guess when a union matches no branch', () => {
    const Either = z.object({
      a: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('one'), x: z.string() }),
        z.object({ kind: z.literal('two'), y: z.number() }),
      ]),
    });
    const either = compileWith(createSerializerCompiler('fast'), Either);
    expect(either({ a: { kind: 'two', y: 2 } })).toBe('{"a":{"kind":"two","y":2}}');
    expect(() => either({ a: { kind: 'three' } })).toThrow();
  });
});

describe('the checked serialiser (development and tests)', () => {
  it('answers zod’s text, and the compiled serialiser agrees with it', () => {
    const serialize = compileWith(createSerializerCompiler('checked'), Officer);
    expect(serialize(officer)).toBe(zodText);
  });

  it('fails an answer that breaks its schema, as zod did', () => {
    const serialize = compileWith(createSerializerCompiler('checked'), Officer);
    expect(() => serialize({ ...officer, roles: ['CHAIRMAN'] })).toThrow(
      ResponseSerializationError,
    );
  });

  it('fails an answer the two would write differently, naming where', () => {
    const lossy = createSerializerCompiler(
      'checked',
      () => (data) =>
        JSON.stringify({
          ...(data as object),
          roles: ['ADMIN', 'OFFICER_MDA'],
          passwordHash: undefined,
        }),
    );
    const serialize = compileWith(lossy, Officer);
    expect(() => serialize(officer)).toThrow(SerializersDisagreeError);
    expect(() => serialize(officer)).toThrow(
      'GET /api/v1/things: the compiled serialiser and zod disagree at roles.1',
    );
  });

  it('keeps zod for a schema with no JSON Schema form (a codec to a Date)', () => {
    const Stamped = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const serialize = compileWith(createSerializerCompiler('fast'), Stamped);
    expect(serialize({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});

describe('the fallback to zod', () => {
  it('is logged once per route at warn, with the reason the schema was not compiled', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    // A codec has no JSON Schema form: this route's answers are written by zod.
    const Stamped = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const serialize = compileWith(createSerializerCompiler('fast', undefined, app.log), Stamped);
    expect(serialize({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    expect(serialize({ at: new Date(1000) })).toBe('{"at":"1970-01-01T00:00:01.000Z"}');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 40,
      method: 'GET',
      url: '/api/v1/things',
      reason: expect.any(String),
      msg: expect.stringContaining('written by zod'),
    });
    await app.close();
  });
});
