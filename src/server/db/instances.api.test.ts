import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notificationOf } from '../integrations/remita/simulator';
import type { SimInvoice } from '../integrations/remita/simulatorState';
import { TEST_SECRETS_KEY, TEST_TCC_SIGNING_KEY } from '../testing/context';
import { BAYELSA, createOfficer, individualInput } from '../testing/factories';
import {
  type Answer,
  call,
  createEmptyDatabase,
  freePort,
  type Instance,
  type RemitaTap,
  startInstance,
  startRemitaTap,
} from '../testing/instances';
import '../testing/provided';
import { type Database, openDatabase } from './client';
import { demoRemitaCredentials } from './seed/mdas';

/**
 * Two real RevDesk processes on one PostgreSQL database, started at the same moment
 * (docs/architecture.md §9 "Many instances", docs/deploy.md): migrations run once, a session works on
 * both, a payment arrives once however many notifications race on both, a batch job has one
 * worker, and receipt numbers drawn on both never collide. PostgreSQL only: PGlite is one
 * process's database.
 */

/** What a reverse proxy in front of both instances would forward: one public host. */
const PUBLIC_HOST = 'revdesk.test';
const PUBLIC_ORIGIN = `http://${PUBLIC_HOST}`;
const PASSWORD = 'two-instances-password';
const MERCHANT = demoRemitaCredentials(0);
const MDA_CODE = 'TWO-INST';

let serial = 0;
/** A paid (or pending) invoice the simulator of instance 1 starts with: 29… never clashes with its own 28… RRRs. */
function simInvoice(isPaid: boolean): SimInvoice {
  serial += 1;
  const rrr = String(290_000_000_000 + serial);
  const paidAt = isPaid ? new Date().toISOString() : null;
  return {
    rrr,
    merchantId: MERCHANT.merchantId,
    serviceTypeId: MERCHANT.serviceTypeIds[0] as string,
    amountKobo: 250_000 + serial,
    orderId: `ORD-TWO-${serial}`,
    payerName: `Payer ${serial}`,
    payerEmail: `payer${serial}@example.ng`,
    // No phone: the payment stays unmatched, so the test is about the ledger alone.
    payerPhone: '',
    description: 'Two instances',
    statusCode: isPaid ? '00' : '025',
    createdAt: new Date().toISOString(),
    paidAt,
    paidAmountKobo: isPaid ? 250_000 + serial : null,
    transactionRef: isPaid ? `SIM${rrr}` : null,
  };
}

const racedInvoice = simInvoice(true);
const receiptInvoices = Array.from({ length: 40 }, () => simInvoice(true));
const batchInvoices = [true, false, true, false, true, false].map((isPaid) => simInvoice(isPaid));

describe.skipIf(inject('testDatabaseKind') !== 'postgres')(
  'two instances on one PostgreSQL',
  () => {
    let database: { url: string; drop(): Promise<void> };
    let db: Database;
    let tap: RemitaTap;
    let one: Instance;
    let two: Instance;
    const dataDirs: string[] = [];
    let cookie = '';

    function send(
      instance: Instance,
      method: string,
      url: string,
      options: { headers?: Record<string, string>; json?: unknown; body?: Buffer } = {},
    ): Promise<Answer> {
      return call(`${instance.url}${url}`, {
        method,
        headers: {
          host: PUBLIC_HOST,
          ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
        ...(options.body === undefined ? {} : { body: options.body }),
      });
    }

    const browser = () => ({ cookie, origin: PUBLIC_ORIGIN });

    /** A browser's upload of one file in field `field`: the body and its content type. */
    function multipart(field: string, fileName: string, type: string, bytes: Buffer) {
      const boundary = '----revdesk-two-instances';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, contentType: `multipart/form-data; boundary=${boundary}` };
    }

    async function rowsOf<T>(query: SQL): Promise<T[]> {
      const result = (await db.db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    }

    function notify(instance: Instance, invoice: SimInvoice) {
      return send(instance, 'POST', '/api/v1/remita/notifications', {
        json: notificationOf(invoice),
      });
    }

    beforeAll(async () => {
      const name = `revdesk_instances_${process.pid}_${Date.now()}`;
      database = await createEmptyDatabase(inject('postgresUrl'), name);
      const [port1, port2] = [await freePort(), await freePort()];
      tap = await startRemitaTap(`http://127.0.0.1:${port1}`);

      // Instance 1's simulator starts with the invoices (DATA_DIR/simulators.json), paid
      // without a notification yet; both instances ask it, through the tap, about them.
      for (const _ of [1, 2]) dataDirs.push(mkdtempSync(path.join(tmpdir(), 'revdesk-instance-')));
      const invoices = [racedInvoice, ...receiptInvoices, ...batchInvoices];
      writeFileSync(
        path.join(dataDirs[0] as string, 'simulators.json'),
        JSON.stringify({
          remita: { merchants: [], invoices, nextSequence: 10_001 },
          evas: { registrations: [] },
        }),
      );
      const shared = {
        DATABASE_URL: database.url,
        SEED: 'none',
        SIMULATORS: 'on',
        SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
        TCC_SIGNING_KEY: TEST_TCC_SIGNING_KEY.toString('base64'),
        LOG_LEVEL: 'silent',
        REMITA_BASE_URL: tap.baseUrl,
        EVAS_BASE_URL: `http://127.0.0.1:${port1}/_sim/evas`,
        REMITA_TIMEOUT_MS: '30000',
        WEB_DIR: path.join(dataDirs[0] as string, 'no-web'),
      };
      one = startInstance(port1, { ...shared, DATA_DIR: dataDirs[0] as string });
      two = startInstance(port2, { ...shared, DATA_DIR: dataDirs[1] as string });
      await Promise.all([one.ready, two.ready]);
      db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    });

    afterAll(async () => {
      // The tap first: a check it still holds (a failed test) then fails at once, and the
      // instance's worker gives its job back instead of waiting through the shutdown.
      await tap?.close();
      await Promise.allSettled([one?.stop(), two?.stop()]);
      await db?.close();
      await database?.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('both came up and the migrations ran once, without an error from either', async () => {
      const journal = JSON.parse(
        readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await rowsOf<{ hash: string; times: number }>(
        sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied).toHaveLength(journal.entries.length);
      expect(applied.every((row) => row.times === 1)).toBe(true);
      for (const instance of [one, two]) {
        expect(instance.output()).not.toMatch(/error|warn|exception/i);
        expect((await send(instance, 'GET', '/api/ready')).status).toBe(200);
      }
    });

    it('a session made on one instance works on the other, and ends on both at sign-out', async () => {
      await createOfficer(db, { username: 'two.instances', password: PASSWORD, userType: 'ADMIN' });
      const signIn = await send(one, 'POST', '/api/v1/auth/login', {
        headers: { origin: PUBLIC_ORIGIN },
        json: { username: 'two.instances', password: PASSWORD },
      });
      expect(signIn.status).toBe(200);
      const setCookie = [signIn.headers['set-cookie'] ?? []].flat().join(';');
      cookie = /revdesk_session=[^;]+/.exec(setCookie)?.[0] ?? '';
      expect(cookie).not.toBe('');

      const me = await send(two, 'GET', '/api/v1/auth/me', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ user: { username: 'two.instances' } });

      // A cookie write on instance 2 is held to the same Origin rule as on 1 (docs/architecture.md §4).
      const mda = {
        code: MDA_CODE,
        name: 'Ministry of Two Instances',
        shortName: null,
        category: 'ministry',
        merchantId: MERCHANT.merchantId,
        serviceTypeIds: MERCHANT.serviceTypeIds,
        apiKey: MERCHANT.apiKey,
      };
      const foreign = await send(two, 'POST', '/api/v1/mdas', {
        headers: { cookie, origin: 'https://elsewhere.example' },
        json: mda,
      });
      expect(foreign.status).toBe(403);
      const created = await send(two, 'POST', '/api/v1/mdas', { headers: browser(), json: mda });
      expect(created.status).toBe(201);
      // Sealed on 2 with the shared SECRETS_KEY, readable on 1: its Remita check works there.
      const listed = await send(one, 'GET', '/api/v1/mdas', {
        headers: { cookie },
      });
      expect(listed.body).toContain(MDA_CODE);

      const signOut = await send(two, 'POST', '/api/v1/auth/logout', { headers: browser() });
      expect(signOut.status).toBeLessThan(300);
      expect((await send(one, 'GET', '/api/v1/auth/me', { headers: { cookie } })).status).toBe(401);

      const again = await send(one, 'POST', '/api/v1/auth/login', {
        headers: { origin: PUBLIC_ORIGIN },
        json: { username: 'two.instances', password: PASSWORD },
      });
      cookie =
        /revdesk_session=[^;]+/.exec([again.headers['set-cookie']].flat().join(';'))?.[0] ?? '';
      expect(cookie).not.toBe('');
    });

    it('a photo uploaded through one instance is served by the other', async () => {
      // A 1×1 PNG.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const file = multipart('photo', 'me.png', 'image/png', png);
      const upload = await send(one, 'POST', '/api/v1/profile/photo', {
        headers: { ...browser(), 'content-type': file.contentType },
        body: file.body,
      });
      expect(upload.status).toBe(200);
      const photo = await send(two, 'GET', '/api/v1/profile/photo', { headers: { cookie } });
      expect(photo.status).toBe(200);
      // Kept re-encoded as a JPEG (ADR 0023): the same bytes, whichever instance serves them.
      expect(photo.bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      const fromOne = await send(one, 'GET', '/api/v1/profile/photo', { headers: { cookie } });
      expect(fromOne.bytes.equals(photo.bytes)).toBe(true);
    });

    it('100 notifications of one paid RRR racing on both instances record one payment', async () => {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => notify(i % 2 === 0 ? one : two, racedInvoice)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));

      const rows = await rowsOf<{ id: string; receipt_number: string | null }>(
        sql`select id, receipt_number from payments where rrr = ${racedInvoice.rrr}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.receipt_number).toMatch(/^BIRS\/\d{4}\/\d{7}$/);
      const audited = await rowsOf<{ action: string }>(
        sql`select action from audit_events where entity_type = 'payment' and entity_id = ${rows[0]?.id}`,
      );
      expect(audited.map((r) => r.action)).toEqual(['payment.recorded']);
    });

    it('receipt numbers drawn on both instances at once never collide and leave no gap', async () => {
      const answers = await Promise.all(
        receiptInvoices.map((invoice, i) => notify(i % 2 === 0 ? one : two, invoice)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(receiptInvoices.length).fill(200));

      const rrrs = receiptInvoices.map((i) => i.rrr);
      const drawn = await rowsOf<{ receipt_number: string }>(
        sql`select receipt_number from payments where rrr in ${rrrs} and receipt_number is not null`,
      );
      const numbers = drawn.map((r) => r.receipt_number);
      expect(numbers).toHaveLength(receiptInvoices.length);
      expect(new Set(numbers).size).toBe(numbers.length);
      // With the raced payment first, the year's sequence is 1…41 without a hole.
      const all = await rowsOf<{ receipt_number: string }>(
        sql`select receipt_number from payments where receipt_number is not null`,
      );
      const sequences = all
        .map((r) => Number(r.receipt_number.split('/')[2]))
        .sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    });

    it('a batch uploaded on instance 1 is worked by one worker, each row checked once', async () => {
      const rrrs = batchInvoices.map((i) => i.rrr);
      const held = tap.hold(rrrs);
      const csv = ['rrr,mdaCode', ...rrrs.map((rrr) => `${rrr},${MDA_CODE}`)].join('\n');
      const file = multipart('file', 'two.csv', 'text/csv', Buffer.from(csv));
      const upload = await send(one, 'POST', '/api/v1/remita/rrr/status-batch', {
        headers: { ...browser(), 'content-type': file.contentType },
        body: file.body,
      });
      expect(upload.status).toBe(202);
      const { jobId } = JSON.parse(upload.body) as { jobId: string };
      expect(jobId).toBeTruthy();

      // While the first row's check waits in the tap, the job is leased to one of the two.
      await held.firstHeld;
      const [lease] = await rowsOf<{ status: string; locked_by: string | null }>(
        sql`select status, locked_by from jobs where id = ${jobId}`,
      );
      expect(lease?.status).toBe('running');
      // A worker's id is <host>:<pid>:<random> (src/server/jobs/worker.ts).
      const holderPid = Number(lease?.locked_by?.split(':')[1]);
      expect([one.pid, two.pid]).toContain(holderPid);
      held.release();

      let job: { status: string; processed: number; total: number } | undefined;
      for (let look = 0; look < 400; look += 1) {
        const answer = await send(
          holderPid === one.pid ? two : one,
          'GET',
          `/api/v1/jobs/${jobId}`,
          {
            headers: { cookie },
          },
        );
        job = JSON.parse(answer.body) as typeof job;
        if (job?.status === 'succeeded' || job?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(job).toMatchObject({
        status: 'succeeded',
        processed: rrrs.length,
        total: rrrs.length,
      });
      for (const rrr of rrrs) expect(tap.statusChecks.get(rrr), rrr).toBe(1);
      const [unchecked] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from rrr_check_rows where job_id = ${jobId} and outcome is null`,
      );
      expect(unchecked?.n).toBe(0);
      const [paid] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from payments where rrr in ${rrrs} and status = 'paid'`,
      );
      expect(paid?.n).toBe(batchInvoices.filter((i) => i.paidAt).length);
    });

    it('a reference name changed in the database is seen by the next read on both instances', async () => {
      // A town of the test's own (ids are lga * 1000 + n), as a data migration would add it.
      const townId = 608_998;
      await db.db.execute(
        sql`insert into towns (id, lga_id, name) values (${townId}, ${BAYELSA.yenagoaLgaId}, 'Two Instances Town')`,
      );
      const registered = await send(one, 'POST', '/api/v1/taxpayers/individuals', {
        headers: browser(),
        json: individualInput({ townId }),
      });
      expect(registered.status).toBe(201);
      const { btin } = (JSON.parse(registered.body) as { taxpayer: { btin: string } }).taxpayer;
      const townOn = async (instance: Instance) => {
        const answer = await send(instance, 'GET', `/api/v1/taxpayers/${btin}`, {
          headers: { cookie },
        });
        expect(answer.status).toBe(200);
        return (JSON.parse(answer.body) as { townName: string | null }).townName;
      };
      // Both hold the names in memory now (ADR 0018).
      expect([await townOn(one), await townOn(two)]).toEqual([
        'Two Instances Town',
        'Two Instances Town',
      ]);
      for (const name of ['Two Instances Town Renamed', 'Two Instances Town Again']) {
        await db.db.execute(sql`update towns set name = ${name} where id = ${townId}`);
        expect([await townOn(two), await townOn(one)]).toEqual([name, name]);
      }
    });
  },
);
