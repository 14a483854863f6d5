import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInWords, todayInLagos } from '../../../shared/dates';
import { formatIndicatorValue } from '../../../shared/indicators/definitions';
import { addMonths, firstDayOf, monthOf } from '../../../shared/indicators/months';
import type { IndicatorsAnswer } from '../../../shared/indicators/schemas';
import { monthInWords } from '../../../shared/indicators/standing';
import { auditEvents } from '../../db/schema';
import { onPaper, textOf } from '../../documents/testing/paper';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../testing/factories';
import { send } from '../assessments/testing';
import { createPayment } from '../payments/testing';
import { snapshotClosedMonths } from './snapshots';

/**
 * The Service performance page on paper for a board meeting (docs/indicators.md): the PDF of a
 * closed month read back word by word (poppler's pdftotext, documents/testing/paper.ts), every
 * indicator the JSON answer holds on it, whatever INDICATORS lists.
 */

let ctx: TestContext & { close(): Promise<void> };
let chairman: SignedIn;
const today = todayInLagos();
const month = addMonths(monthOf(today), -2);

beforeAll(async () => {
  ctx = await createTestContext();
  chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
  const mdaId = (await createMda(ctx)).id;
  // ₦700 by Remita, ₦300 by hand: 70 % electronic, under a target of 80 %.
  for (const [channel, amountKobo] of [
    ['remita', 700_00],
    ['manual', 300_00],
  ] as const) {
    await createPayment(ctx, {
      mdaId,
      channel,
      amountKobo,
      paidAt: new Date(`${month}-15T11:00:00Z`),
    });
  }
  const target = await send(ctx, chairman, 'PUT', '/api/v1/indicators/electronic-payment/target', {
    value: 0.8,
    from: firstDayOf(month),
    note: 'Board target',
  });
  expect(target.statusCode).toBe(200);
  await snapshotClosedMonths(ctx.db, today);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/indicators?format=pdf', () => {
  it('A4 landscape under the letterhead, the month printed, each indicator with its target, trend, definition and TADAT reference', async () => {
    const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${month}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`service-performance-${month}`);
    // Drawn only for a person to look at (PAPER_KEEP_DIR, documents/testing/paper.ts).
    const paper = await onPaper(res.rawPayload, 'service-performance', {
      draw: Boolean(process.env.PAPER_KEEP_DIR),
    });
    const first = paper.pages[0];
    if (!first) throw new Error('no page');
    expect(first.width).toBeGreaterThan(first.height);
    // Line by line (a label beside its value), and in the PDF's own order (a paragraph wrapped
    // beside a table reads whole).
    const text = paper.pages
      .map((p) => textOf(p))
      .join(' ')
      .replace(/\s+/g, ' ');
    const words = paper.pages.flatMap((p) => p.words.map((w) => w.text)).join(' ');
    expect(text).toContain('Bayelsa State Board of Internal Revenue');
    expect(text).toContain('Service Performance');
    expect(text).toContain(`Month ${monthInWords(month)}`);
    expect(text).toContain(`Printed ${dayInWords(today)}`);

    const answer = (
      await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${month}`)
    ).json<IndicatorsAnswer>();
    expect(answer.items.length).toBeGreaterThan(0);
    for (const item of answer.items) {
      expect(text).toContain(item.label);
      expect(words).toContain(item.definition.replace(/\s+/g, ' '));
      expect(words).toContain(`TADAT: ${item.tadatRef}`);
      expect(text).toContain(`Value ${formatIndicatorValue(item.value, item.unit)}`);
      // A long label wraps in its column: read it in the PDF's own order, where a cell is whole.
      for (const fact of item.facts) expect(words).toContain(fact.label);
    }
    expect(text).toContain('Target 80.0 %');
    expect(text).toContain('Against the target Off target');
    expect(text).toContain('Value 70.0 %');
    // An unconfirmed TADAT number keeps its mark on paper.
    expect(words).toContain('to confirm');
    // The trend's months, by name: the month itself and the one before it.
    const [y, m] = month.split('-');
    const short = (mm: string, yy: string) => `${monthInWords(`${yy}-${mm}`).slice(0, 3)} ${yy}`;
    expect(text).toContain(short(m as string, y as string));

    const [audited] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'indicators.exported'));
    expect(audited?.after).toMatchObject({ filter: { month }, format: 'pdf' });
  });

  it('422 for a format it does not make; 403 without the permission', async () => {
    const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?format=docx`);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/pdf/);
    const officer = await signInAs(ctx, 'OFFICER_DA');
    expect((await send(ctx, officer, 'GET', '/api/v1/indicators?format=pdf')).statusCode).toBe(403);
  });
});
