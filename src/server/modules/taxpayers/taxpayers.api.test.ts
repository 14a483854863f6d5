import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBtin, makeBtin } from '../../../shared/btin';
import { csvRowsOf, xlsxSheetOf } from '../../export/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import {
  BAYELSA,
  createTaxpayer,
  individualInput,
  type SignedIn,
  signInAs,
  uniqueNin,
  uniquePhone,
} from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
let filesDir: string;
let admin: SignedIn;
let mdaOfficer: SignedIn;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-files-'));
  ctx = await createTestContext({ filesDir });
  admin = await signInAs(ctx, 'ADMIN');
  mdaOfficer = await signInAs(ctx, 'OFFICER_MDA');
});

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function register(body: unknown, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/taxpayers/individuals',
    payload: body as object,
    headers,
  });
}

function get(url: string, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

function issuePaths(res: { json(): unknown }): string[] {
  const body = res.json() as { error: { details?: { issues?: { path: string }[] } } };
  return (body.error.details?.issues ?? []).map((i) => i.path);
}

describe('POST /api/v1/taxpayers/individuals', () => {
  it('registers an individual, gives a BTIN with a valid check digit and audits it', async () => {
    const res = await register(
      individualInput({ phone: '0803 555 1234', email: 'Ebi@Example.NG' }),
    );
    expect(res.statusCode).toBe(201);
    const { taxpayer, warnings } = res.json();
    expect(isValidBtin(taxpayer.btin)).toBe(true);
    expect(taxpayer).toMatchObject({
      kind: 'individual',
      status: 'active',
      source: 'registered',
      phone: '+2348035551234',
      email: 'ebi@example.ng',
      stateName: 'Bayelsa',
      lgaName: 'Yenagoa',
      displayName: 'Ebiere Alamieyeseigha',
      createdByUsername: admin.officer.username,
    });
    expect(taxpayer.nationalTaxId).toBe(taxpayer.nin);
    expect(warnings).toEqual([]);
    const history = await get(`/api/v1/taxpayers/${taxpayer.btin}/history`);
    expect(history.json().items[0]).toMatchObject({
      action: 'taxpayer.registered',
      actorUsername: admin.officer.username,
      actorName: `${admin.officer.firstName} ${admin.officer.surname}`,
    });
  });

  it('never hands out the same BTIN twice', async () => {
    const btins = new Set<string>();
    for (let i = 0; i < 5; i++) btins.add((await createTaxpayer(ctx)).btin);
    expect(btins.size).toBe(5);
  });

  it('401 without a session, 403 for an officer who does not keep the registry', async () => {
    expect((await register(individualInput(), {})).statusCode).toBe(401);
    const res = await register(individualInput(), mdaOfficer.bearer);
    expect(res.statusCode).toBe(403);
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    expect((await register(individualInput(), director.bearer)).statusCode).toBe(403);
  });

  it.each([
    ['nin', { nin: '1234567890' }],
    ['nin', { nin: '1234567890a' }],
    ['bvn', { bvn: '123456789012' }],
    ['phone', { phone: '+447700900123' }],
    ['phone', { phone: '080312345' }],
    ['email', { email: 'not-an-email' }],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }],
    ['dateOfBirth', { dateOfBirth: `${new Date().getFullYear() - 10}-01-01` }],
    ['dateOfBirth', { dateOfBirth: '12/04/1985' }],
    ['lgaId', { lgaId: 101 }],
    // Past the column's type (a smallint, an integer): a database error, a 500, until fuzzing found it.
    ['stateId', { stateId: 32_768 }],
    ['lgaId', { lgaId: 2 ** 31 }],
    ['townId', { townId: 601001 }],
    ['gender', { gender: 'other' }],
    ['firstName', { firstName: '   ' }],
    ['jtbTin', { jtbTin: '123' }],
  ])('422 naming %s for %j', async (field, overrides) => {
    const res = await register(individualInput(overrides as never));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(res)).toContain(field);
  });

  it('accepts a town in the chosen LGA', async () => {
    const towns = await get(`/api/v1/reference/lgas/${BAYELSA.yenagoaLgaId}/towns`);
    const town = towns.json().items[0];
    const res = await register(individualInput({ townId: town.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().taxpayer.townName).toBe(town.name);
  });

  it('409 DUPLICATE_TAXPAYER naming the existing BTIN for a NIN already registered', async () => {
    const first = await createTaxpayer(ctx);
    const res = await register(individualInput({ nin: first.nin as string, firstName: 'Other' }));
    expect(outcomeOf(res)).toBe('409 DUPLICATE_TAXPAYER');
    expect(res.json().error).toMatchObject({
      code: 'DUPLICATE_TAXPAYER',
      details: { btin: first.btin, field: 'nin' },
    });
    expect(res.json().error.message).toContain(first.btin);
  });

  it('warns, without refusing, of the same name and date of birth and of a shared phone', async () => {
    const phone = uniquePhone();
    const first = await createTaxpayer(ctx, {
      firstName: 'Tamaraebi',
      lastName: 'Dickson',
      dateOfBirth: '1979-02-02',
      phone,
    });
    const res = await register(
      individualInput({
        firstName: 'tamaraebi',
        lastName: 'DICKSON',
        dateOfBirth: '1979-02-02',
        phone,
      }),
    );
    expect(res.statusCode).toBe(201);
    const reasons = res
      .json()
      .warnings.map((w: { btin: string; reason: string }) => [w.btin, w.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        [first.btin, 'name_and_date_of_birth'],
        [first.btin, 'phone'],
      ]),
    );
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/taxpayers/duplicate-check',
      headers: admin.bearer,
      payload: { kind: 'individual', phone: phone.replace('+234', '0'), nin: first.nin },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().exact).toMatchObject({ btin: first.btin, field: 'nin' });
    expect(check.json().warnings.map((w: { reason: string }) => w.reason)).toContain('phone');
  });

  it('stores names with quotes, accents, markup and emoji exactly as typed', async () => {
    const firstName = `O'Brien "Tari" <script>alert(1)</script> 😀`;
    const res = await register(individualInput({ firstName, lastName: 'Ọ̀kẹ́' }));
    expect(res.statusCode).toBe(201);
    const again = await get(`/api/v1/taxpayers/${res.json().taxpayer.btin}`);
    expect(again.json().firstName).toBe(firstName);
    expect(again.json().lastName).toBe('Ọ̀kẹ́');
  });
});

describe('GET /api/v1/taxpayers/{btin}', () => {
  it('answers the taxpayer; 404 for an unknown BTIN; 422 for a wrong check digit', async () => {
    const taxpayer = await createTaxpayer(ctx);
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}`)).json().btin).toBe(taxpayer.btin);
    const unknown = await get(`/api/v1/taxpayers/${makeBtin(999_999_998)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TAXPAYER_NOT_FOUND');
    const typo = `${taxpayer.btin.slice(0, 9)}${(Number(taxpayer.btin[9]) + 1) % 10}`;
    const bad = await get(`/api/v1/taxpayers/${typo}`);
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(bad)).toContain('btin');
  });

  it('401 without a session, 403 without taxpayer:read', async () => {
    const taxpayer = await createTaxpayer(ctx);
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}`, {})).statusCode).toBe(401);
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}`, mdaOfficer.bearer)).statusCode).toBe(
      403,
    );
    const director = await signInAs(ctx, 'DIRECTOR_COLLECTION');
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}`, director.bearer)).statusCode).toBe(200);
  });
});

describe('PATCH /api/v1/taxpayers/{btin}', () => {
  function patch(btin: string, body: object, headers: Record<string, string> = admin.bearer) {
    return ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/taxpayers/${btin}`,
      payload: body,
      headers,
    });
  }

  it('changes the fields given, bumps the version and records who changed what', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const res = await patch(taxpayer.btin, {
      version: taxpayer.version,
      lgaId: BAYELSA.brassLgaId,
      email: 'NEW@Example.ng',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lgaName: 'Brass',
      email: 'new@example.ng',
      version: taxpayer.version + 1,
      updatedByUsername: admin.officer.username,
    });
    const history = (await get(`/api/v1/taxpayers/${taxpayer.btin}/history`)).json();
    expect(history.total).toBe(2);
    const changes = history.items[0].changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'lgaName', before: 'Yenagoa', after: 'Brass' },
        { field: 'email', before: null, after: 'new@example.ng' },
      ]),
    );
    expect(history.items[0].actorUsername).toBe(admin.officer.username);
    // People are named in a history, never by username.
    expect(history.items[0].actorName).toBe(`${admin.officer.firstName} ${admin.officer.surname}`);
  });

  it('409 when the taxpayer changed since the officer opened it', async () => {
    const taxpayer = await createTaxpayer(ctx);
    expect((await patch(taxpayer.btin, { version: 1, address: 'One' })).statusCode).toBe(200);
    const stale = await patch(taxpayer.btin, { version: 1, address: 'Two' });
    expect(outcomeOf(stale)).toBe('409 CONFLICT');
  });

  it('422 for a field of the other kind, a status of the other kind, an LGA outside the state', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const cases: [object, string][] = [
      [{ registeredName: 'Acme' }, 'registeredName'],
      [{ status: 'dissolved' }, 'status'],
      [{ stateId: 25 }, 'lgaId'],
      [{ nin: '123' }, 'nin'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(taxpayer.btin, { version: taxpayer.version, ...body });
      expect(outcomeOf(res), JSON.stringify(body)).toBe('422 VALIDATION_FAILED');
      expect(issuePaths(res)).toContain(field);
    }
  });

  it('409 DUPLICATE_TAXPAYER when the new NIN belongs to someone else', async () => {
    const [a, b] = [await createTaxpayer(ctx), await createTaxpayer(ctx)];
    const res = await patch(b.btin, { version: b.version, nin: a.nin });
    expect(outcomeOf(res)).toBe('409 DUPLICATE_TAXPAYER');
    expect(res.json().error.details.btin).toBe(a.btin);
  });

  it('403 for a reader', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
    const res = await patch(taxpayer.btin, { version: 1, address: 'x' }, chairman.bearer);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/v1/taxpayers/lookup (the top bar search)', () => {
  it('finds a taxpayer by phone typed any way, by BTIN and by e-mail', async () => {
    const phone = uniquePhone();
    const taxpayer = await createTaxpayer(ctx, {
      phone,
      email: 'lookup@example.ng',
      username: 'ebi.d',
    });
    const national = phone.slice(4);
    for (const term of [
      `0${national}`,
      national,
      phone,
      `234${national}`,
      taxpayer.btin,
      'LOOKUP@example.ng',
    ]) {
      const res = await get(`/api/v1/taxpayers/lookup?term=${encodeURIComponent(term)}`);
      expect(res.statusCode, term).toBe(200);
      expect(res.json().matches[0]).toMatchObject({
        btin: taxpayer.btin,
        username: 'ebi.d',
        firstName: 'Ebiere',
        lastName: 'Alamieyeseigha',
        phone,
      });
    }
  });

  it('422 for an empty term (docs/architecture.md §10), 404 with docs/product.md’s text when nothing matches', async () => {
    for (const term of ['', '%20%20']) {
      const res = await get(`/api/v1/taxpayers/lookup?term=${term}`);
      expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    }
    const res = await get('/api/v1/taxpayers/lookup?term=nobody%40nowhere.ng');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Taxpayer not found!.');
  });

  it('is open to every officer, and closed without a session', async () => {
    const taxpayer = await createTaxpayer(ctx);
    expect(
      (await get(`/api/v1/taxpayers/lookup?term=${taxpayer.btin}`, mdaOfficer.bearer)).statusCode,
    ).toBe(200);
    expect((await get(`/api/v1/taxpayers/lookup?term=${taxpayer.btin}`, {})).statusCode).toBe(401);
  });
});

describe('POST /api/v1/taxpayers/corporates', () => {
  const company = (overrides: object = {}) => ({
    registeredName: 'Ijaw Sunrise Fisheries Limited',
    cacKind: 'RC',
    cacNumber: `RC ${String(Date.now()).slice(-7)}`,
    incorporationDate: '2012-06-30',
    phone: '08091234567',
    address: 'Plot 4, Swali Market Road, Yenagoa',
    stateId: BAYELSA.stateId,
    lgaId: BAYELSA.yenagoaLgaId,
    directors: [{ name: 'Preye Okoko', phone: '0803 123 4567' }],
    ...overrides,
  });

  it('registers a company with its directors and a normalised CAC number', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/taxpayers/corporates',
      headers: admin.bearer,
      payload: company({ cacNumber: 'rc-7654321' }),
    });
    expect(res.statusCode).toBe(201);
    const { taxpayer } = res.json();
    expect(taxpayer).toMatchObject({
      kind: 'corporate',
      cacNumber: 'RC7654321',
      nationalTaxId: 'RC7654321',
      directors: [{ name: 'Preye Okoko', phone: '+2348031234567', btin: null }],
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/taxpayers/corporates',
      headers: admin.bearer,
      payload: company({ cacNumber: '7654321', registeredName: 'Another name' }),
    });
    expect(outcomeOf(again)).toBe('409 DUPLICATE_TAXPAYER');
    expect(again.json().error.details).toMatchObject({ btin: taxpayer.btin, field: 'cacNumber' });
  });

  it.each([
    ['cacNumber', { cacNumber: 'RC12345678901' }],
    ['cacNumber', { cacKind: 'BN', cacNumber: 'RC123456' }],
    ['incorporationDate', { incorporationDate: '2999-01-01' }],
    ['directors.0.btin', { directors: [{ name: 'A', btin: '1234567890' }] }],
    ['directors.0.btin', { directors: [{ name: 'A', btin: makeBtin(999_999_997) }] }],
    ['directors.0.phone', { directors: [{ name: 'A', phone: '12' }] }],
  ])('422 naming %s', async (field, overrides) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/taxpayers/corporates',
      headers: admin.bearer,
      payload: company(overrides),
    });
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(res)).toContain(field);
  });
});

describe('photos', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  function upload(btin: string, bytes: Buffer, headers: Record<string, string> = admin.bearer) {
    const boundary = '----revdesk-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/taxpayers/${btin}/photo`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('stores a PNG re-encoded as a JPEG and serves it, inline and inert, to signed-in officers only', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const res = await upload(taxpayer.btin, PNG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasPhoto).toBe(true);
    const photo = await get(`/api/v1/taxpayers/${taxpayer.btin}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBe('inline');
    expect(photo.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
    expect(photo.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(photo.rawPayload.equals(PNG)).toBe(false);
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}/photo`, {})).statusCode).toBe(401);
  });

  it('422 for a file that is not an image whatever it is called, and for one over 2 MB', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const text = await upload(taxpayer.btin, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(outcomeOf(text)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(text)).toContain('photo');
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>')]);
    const html = await upload(taxpayer.btin, polyglot);
    expect(outcomeOf(html)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(html)).toContain('photo');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(taxpayer.btin, big);
    expect(outcomeOf(tooLarge)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(tooLarge)).toContain('photo');
    expect((await get(`/api/v1/taxpayers/${taxpayer.btin}/photo`)).statusCode).toBe(404);
  });

  it('403 for a reader, 404 for an unknown taxpayer', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const printing = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await upload(taxpayer.btin, PNG, printing.bearer)).statusCode).toBe(403);
    expect((await upload(makeBtin(999_999_996), PNG)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/taxpayers (list, search, export)', () => {
  it('finds by a misspelt name, best first; by NIN and by phone exactly', async () => {
    const target = await createTaxpayer(ctx, { firstName: 'Doubra', lastName: 'Ayebatonye' });
    const byName = await get('/api/v1/taxpayers?search=Doubra%20Ayebatony');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().items[0].btin).toBe(target.btin);
    const misspelt = await get('/api/v1/taxpayers?search=Ayebatoyne');
    expect(misspelt.json().items.map((i: { btin: string }) => i.btin)).toContain(target.btin);
    expect((await get(`/api/v1/taxpayers?search=${target.nin}`)).json().items[0].btin).toBe(
      target.btin,
    );
    const phone = (target.phone as string).replace('+234', '0');
    expect((await get(`/api/v1/taxpayers?search=${phone}`)).json().items[0].btin).toBe(target.btin);
  });

  it('matches names word by word: a title is passed over, a new name is found at once', async () => {
    const target = await createTaxpayer(ctx, { firstName: 'Seiyefa', lastName: 'Opukiri' });
    const titled = await get('/api/v1/taxpayers?search=Mrs%20Seiyefa%20Opukiri');
    expect(titled.json().items[0].btin).toBe(target.btin);
    // Every known word typed must match: the same first name with another registered
    // surname is not her.
    const namesake = await createTaxpayer(ctx, { firstName: 'Seiyefa', lastName: 'Okonkwo' });
    const other = (await get('/api/v1/taxpayers?search=Seiyefa%20Okonkwo')).json();
    expect(other.items.map((i: { btin: string }) => i.btin)).toContain(namesake.btin);
    expect(other.items.map((i: { btin: string }) => i.btin)).not.toContain(target.btin);

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/taxpayers/${target.btin}`,
      headers: admin.bearer,
      payload: { version: 1, lastName: 'Ebikeme-Opukiri' },
    });
    expect(renamed.statusCode).toBe(200);
    const byNewName = await get('/api/v1/taxpayers?search=Ebikeme');
    expect(byNewName.json().items.map((i: { btin: string }) => i.btin)).toContain(target.btin);
  });

  it('finds a short surname typed with two neighbouring letters swapped (ADR 0019)', async () => {
    const okonkwo = await createTaxpayer(ctx, { firstName: 'Nneka', lastName: 'Okonkwo' });
    const ademola = await createTaxpayer(ctx, { firstName: 'Tamara', lastName: 'Ademola' });
    const btinsOf = async (search: string) =>
      (await get(`/api/v1/taxpayers?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((i: { btin: string }) => i.btin);
    expect(await btinsOf('Oknokwo')).toContain(okonkwo.btin);
    expect(await btinsOf('Nneka Oknokwo')).toContain(okonkwo.btin);
    expect(await btinsOf('Aedmola')).toContain(ademola.btin);
    expect(await btinsOf('Aedmola')).not.toContain(okonkwo.btin);
  });

  it('finds a surname with a letter left out, at the threshold every connection starts with', async () => {
    // word_similarity('amakri', 'amakiri') is 0.57: found at 0.45 (ADR 0025), lost at pg_trgm's 0.6.
    const amakiri = await createTaxpayer(ctx, { firstName: 'Preye', lastName: 'Amakiri' });
    const searches = await Promise.all(
      Array.from({ length: 4 }, () => get('/api/v1/taxpayers?search=Amakri')),
    );
    for (const search of searches) {
      expect(search.json().items.map((i: { btin: string }) => i.btin)).toContain(amakiri.btin);
    }
  });

  it('treats SQL in the search box as text', async () => {
    const res = await get(
      `/api/v1/taxpayers?search=${encodeURIComponent("'; drop table taxpayers; --")}`,
    );
    expect(res.statusCode).toBe(200);
    expect((await get('/api/v1/taxpayers?pageSize=1')).json().total).toBeGreaterThan(0);
  });

  it('pages, filters by kind, LGA, status and registration date, and sorts', async () => {
    for (let i = 0; i < 3; i++) await createTaxpayer(ctx, { lgaId: BAYELSA.brassLgaId });
    const page = await get(
      `/api/v1/taxpayers?kind=individual&lga=${BAYELSA.brassLgaId}&pageSize=2&sort=name`,
    );
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items.every((i: { lgaName: string }) => i.lgaName === 'Brass')).toBe(true);
    // Past the integer column of LGA ids: a database error, a 500 on PostgreSQL, until fuzzing found it.
    expect(outcomeOf(await get('/api/v1/taxpayers?lga=2147483648'))).toBe('422 VALIDATION_FAILED');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    const todays = await get(
      `/api/v1/taxpayers?registeredFrom=${today}&registeredTo=${today}&status=active`,
    );
    expect(todays.json().total).toBeGreaterThanOrEqual(3);
    const none = await get('/api/v1/taxpayers?registeredTo=2000-01-01');
    expect(none.json()).toMatchObject({ items: [], total: 0 });
    const corporates = await get('/api/v1/taxpayers?kind=corporate');
    expect(corporates.json().items.every((i: { kind: string }) => i.kind === 'corporate')).toBe(
      true,
    );
  });

  it.each([
    '?pageSize=201',
    '?sort=password',
    '?kind=alien',
    '?registeredFrom=2024-13-01',
    '?registeredFrom=2025-02-01&registeredTo=2025-01-01',
    '?format=pdf',
  ])('422 for %s', async (query) => {
    expect(outcomeOf(await get(`/api/v1/taxpayers${query}`))).toBe('422 VALIDATION_FAILED');
  });

  it('exports the same filter as CSV with formulas neutralised, and as XLSX', async () => {
    const target = await createTaxpayer(ctx, { firstName: '=HYPERLINK("x")', lastName: 'Export' });
    const csv = await get(`/api/v1/taxpayers?search=${target.btin}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="taxpayers-all-.*\.csv"/,
    );
    expect(csv.body).toContain(target.btin);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Export"`);
    const [row] = csvRowsOf(csv);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    expect(row).toMatchObject({ BTIN: target.btin, Status: 'Active', 'Registered on': today });
    const xlsx = await get(`/api/v1/taxpayers?search=${target.btin}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const { headers, rows } = await xlsxSheetOf(xlsx, 'Taxpayers');
    expect(headers).toEqual([
      'BTIN',
      'Kind',
      'Name',
      'NIN',
      'CAC number',
      'Phone',
      'E-mail',
      'LGA',
      'Status',
      'Registered on',
    ]);
    expect(rows).toHaveLength(1);
    // A string cell, quote-prefixed: no apostrophe shows, and it stays text when edited.
    expect(rows[0]?.Name?.value).toBe('=HYPERLINK("x") Export');
    expect(rows[0]?.['Registered on']?.value).toEqual(new Date(`${today}T00:00:00Z`));
    expect(rows[0]?.['Registered on']?.numFmt).toBe('dd/mm/yyyy');
  });

  it('401 without a session, 403 without taxpayer:read', async () => {
    expect((await get('/api/v1/taxpayers', {})).statusCode).toBe(401);
    expect((await get('/api/v1/taxpayers', mdaOfficer.bearer)).statusCode).toBe(403);
    expect((await get('/api/v1/taxpayers?format=csv', mdaOfficer.bearer)).statusCode).toBe(403);
  });
});

describe('the duplicate check and the history are closed to the wrong officers', () => {
  it('401 without a session, 403 without the permission, 422 for a bad body', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const check = (headers: Record<string, string>, payload: object = { kind: 'individual' }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/taxpayers/duplicate-check',
        headers,
        payload,
      });
    expect((await check({})).statusCode).toBe(401);
    expect((await check(mdaOfficer.bearer)).statusCode).toBe(403);
    expect(outcomeOf(await check(admin.bearer, { kind: 'alien' }))).toBe('422 VALIDATION_FAILED');
    const history = `/api/v1/taxpayers/${taxpayer.btin}/history`;
    expect((await get(history, {})).statusCode).toBe(401);
    expect((await get(history, mdaOfficer.bearer)).statusCode).toBe(403);
    expect(outcomeOf(await get(`${history}?pageSize=0`))).toBe('422 VALIDATION_FAILED');
  });
});

describe('uniqueNin', () => {
  it('makes 11 digits', () => {
    expect(uniqueNin()).toMatch(/^\d{11}$/);
  });
});
