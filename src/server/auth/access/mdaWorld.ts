import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { demandNoticeLines, demandNotices, tccs } from '../../db/schema';
import { addSimInvoice, createRemitaMda } from '../../integrations/remita/testing';
import { createPayment, createRevenueHead, randomRrr } from '../../modules/payments/testing';
import { insertTestTcc } from '../../modules/tcc/testing';
import type { TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn } from '../../testing/factories';

/** Helpers of mdaScope.api.test.ts (not a test file itself). */

/** One MDA's rows, and the strings that would betray them in any answer. */
export type MdaWorld = {
  mdaId: string;
  mdaCode: string;
  /** A revenue head it bills for, and a bill of its own not yet paid. */
  revenueHeadCode: string;
  pendingBillId: string;
  /** Every id of a row of this MDA, for path parameters. */
  ids: string[];
  rrrs: string[];
  /** receipt and certificate numbers: the other path parameters that name a row. */
  numbers: string[];
  /** Every string unique to this MDA: its name, code, ids, RRRs, numbers, payer names. */
  markers: string[];
};

/**
 * An MDA with Remita credentials and, in it, a paid payment, a pending bill raised here, an
 * unmatched payer, a revenue head, an RRR that Remita knows, and an MDA-staff certificate.
 * `word` makes its names unique (Alpha, Zulu).
 */
export async function seedMdaWorld(
  ctx: TestContext,
  word: string,
  certificateMaker: SignedIn,
): Promise<MdaWorld> {
  const mda = await createRemitaMda(ctx, { name: `${word} Waterways Authority` });
  const head = await createRevenueHead(ctx, mda.id, {
    code: `9${String(Date.now()).slice(-7)}`,
    name: `${word} jetty levy`,
  });
  const paid = await createPayment(ctx, {
    mdaId: mda.id,
    payerName: `Tamuno ${word}payer`,
    payerEmail: `${word.toLowerCase()}payer@example.ng`,
    revenueHeadCode: head.code,
  });
  const bill = await createPayment(ctx, {
    mdaId: mda.id,
    status: 'pending',
    payerName: `Ebiere ${word}billed`,
  });
  const unmatched = await createPayment(ctx, {
    mdaId: mda.id,
    payerName: `Preye ${word}unmatched`,
    arrival: 'status-check',
  });
  const atRemita = addSimInvoice(ctx, mda, {
    rrr: randomRrr(),
    payerName: `Boma ${word}remita`,
    statusCode: '00',
  });
  const certificate = await insertTestTcc(ctx, certificateMaker, {
    kind: 'mda-employee',
    status: 'approved',
  });
  await ctx.db.update(tccs).set({ mdaId: mda.id }).where(eq(tccs.id, certificate.id));

  const notice = await insertDemandNoticeOf(ctx, mda.id, head.code, word);

  const rows = [paid, bill, unmatched];
  const numbers = [
    ...rows.flatMap((p) => (p.receiptNumber ? [p.receiptNumber] : [])),
    certificate.number,
    notice.number,
  ];
  return {
    mdaId: mda.id,
    mdaCode: mda.code,
    revenueHeadCode: mda.revenueHeadCode,
    pendingBillId: bill.id,
    ids: [mda.id, head.id, ...rows.map((p) => p.id), certificate.id, notice.id],
    rrrs: [...rows.flatMap((p) => (p.rrr ? [p.rrr] : [])), atRemita.rrr],
    numbers,
    markers: [
      mda.name,
      mda.code,
      mda.id,
      head.id,
      head.name,
      certificate.id,
      ...rows.flatMap((p) => [p.id, p.rrr ?? '', p.payerName ?? '']),
      `Boma ${word}remita`,
      notice.id,
      notice.payerName,
      ...numbers,
    ].filter((m) => m.length > 0),
  };
}

/** A demand notice of the MDA (issued, unpaid) with one line on its revenue head. */
async function insertDemandNoticeOf(
  ctx: TestContext,
  mdaId: string,
  revenueHeadCode: string,
  word: string,
) {
  const payer = await createTaxpayer(ctx);
  const [notice] = await ctx.db
    .insert(demandNotices)
    .values({
      number: `BIRS/DN/2026/${word.toUpperCase()}${String(Date.now()).slice(-6)}`,
      mdaId,
      btin: payer.btin,
      payerName: `Ayibatari ${word}demand`,
      totalKobo: 300_000,
      issuedOn: '2026-11-02',
      dueOn: '2099-12-31',
      revenueHeadCode,
    })
    .returning();
  if (!notice) throw new Error('insert into demand_notices returned nothing');
  await ctx.db.insert(demandNoticeLines).values({
    demandNoticeId: notice.id,
    position: 0,
    revenueHeadCode,
    description: `${word} jetty use`,
    quantity: 2,
    unitAmountKobo: 150_000,
    amountKobo: 300_000,
  });
  return notice;
}

/** Lower case, no white space: a PDF may break a name across lines, or print it in capitals. */
export const squeeze = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** What a person would read in the answer: the text of a PDF, the cells of a workbook, else the body. */
export async function readableText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/pdf')) {
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }
  if (type.includes('spreadsheetml')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => {
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.text));
        });
      });
    });
    return cells.join('\n');
  }
  return res.body;
}
