import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { AmountMatchQuery, PublicMatch } from '../../../shared/publicCheck';
import {
  PublicStampCheck,
  STAMP_SCAN_MAX_BYTES,
  StampBillInput,
  StampBillView,
  StampCancelInput,
  StampDutyComputation,
  StampDutyComputeInput,
  StampDutyRuleIdParams,
  StampDutyRuleTables,
  StampDutyRuleUpdate,
  StampedView,
  StampInstrumentDetail,
  StampInstrumentIdParams,
  StampInstrumentInput,
  StampInstrumentListQuery,
  StampInstrumentPage,
  StampMprRateCorrection,
  StampMprRateInput,
  StampPartyInput,
  StampPenaltyRuleCorrection,
  StampPenaltyRuleInput,
  StampRateIdParams,
} from '../../../shared/stampDuty/schemas';
import { sendExport } from '../../export/exportList';
import { sendBytes } from '../../files/send';
import { uploadRoute } from '../../files/uploadRoute';
import { NOTHING_CSP } from '../../security/headers';
import { noStore } from '../../security/noStore';
import type { PaymentDeps } from '../payments/deps';
import { createStampBillService } from './bills';
import { createStampCertificateService } from './certificate';
import { createStampListService } from './list';
import { createStampRateService } from './rules/datedRates';
import { createStampRuleService } from './rules/instrumentRules';
import { createStampScanService, readScanUpload, STAMP_SCAN_MULTIPART_LIMITS } from './scan';
import { createStampDutyService } from './service';

const Binary = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
/** The contract's `{certificateNumber}`: a certificate number or the code under the QR code. */
const PublicStampParams = z.object({
  certificateNumber: z
    .string()
    .max(40, 'A certificate number or verification code is at most 40 characters.'),
});

const tags = ['stamp duty'];

/**
 * Stamp duty (docs/product.md §2 stamp-duty/all, taxs/stamp-duty; docs/tax-rules.md): compute,
 * the dated rules, instruments with parties, their bill, stamp, cancel, certificate and public
 * check.
 */
export const stampDutyRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const instruments = createStampDutyService(deps);
  const lists = createStampListService(deps);
  const bills = createStampBillService(deps);
  const rules = createStampRuleService(deps);
  const rates = createStampRateService(deps);
  const certificates = createStampCertificateService(deps);
  const scans = createStampScanService(deps);
  await app.register(fastifyMultipart, { limits: STAMP_SCAN_MULTIPART_LIMITS });

  app.post(
    '/stamp-duty/compute',
    {
      schema: {
        tags,
        operationId: 'computeStampDuty',
        summary: 'Compute stamp duty',
        description:
          'The duty of an instrument under the law in force on its date of execution (today when absent), and the late-stamping penalty to the day stamped (today when absent); nothing is stored',
        body: StampDutyComputeInput,
        response: { 200: StampDutyComputation, ...errors },
      },
      config: { permission: 'stamp-duty:read' },
    },
    (req) => instruments.compute(req.actor, req.body),
  );

  app.get(
    '/stamp-duty/rules',
    {
      schema: {
        tags,
        operationId: 'listStampDutyRules',
        summary: 'List the stamp duty rules',
        description:
          'The dated instrument-type rules of both laws, the late-stamping penalty settings and the Monetary Policy Rate; `toConfirm` marks values without a public source',
        response: { 200: StampDutyRuleTables, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'stamp-duty:read' },
    },
    (req) => rules.listRules(req.actor),
  );

  app.put(
    '/stamp-duty/rules/:id',
    {
      schema: {
        tags,
        operationId: 'updateStampDutyRule',
        summary: 'Change a stamp duty rule',
        description:
          'Change one dated rule (send the version read: 409 when changed since). Instruments already assessed keep the rule they were assessed under',
        params: StampDutyRuleIdParams,
        body: StampDutyRuleUpdate,
        response: { 200: StampDutyRuleTables, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:rules' },
    },
    (req) => rules.updateRule(req.actor, req.params.id, req.body),
  );

  app.post(
    '/stamp-duty/penalty-rules',
    {
      schema: {
        tags,
        operationId: 'addStampPenaltyRule',
        summary: 'Add a late-stamping penalty setting',
        description:
          "A new dated row of a law's late-stamping penalty (days allowed, penalty share, interest at the MPR or a fixed rate), from a date of execution inside the period of the law's latest row, which then ends the day before (ADR 0033). A row an instrument was billed under is never changed: the new row starts after the latest date of execution of a billed instrument of that law (422 otherwise). Audited `stamp_duty.penalty_rule_added`",
        body: StampPenaltyRuleInput,
        response: { 201: StampDutyRuleTables, ...errors },
      },
      config: { permission: 'stamp-duty:rules' },
    },
    async (req, reply) => {
      await rates.addPenaltyRule(req.actor, req.body);
      return reply.code(201).send(await rules.listRules(req.actor));
    },
  );

  app.post(
    '/stamp-duty/mpr-rates',
    {
      schema: {
        tags,
        operationId: 'addStampMprRate',
        summary: 'Add a Monetary Policy Rate',
        description:
          "A new dated Monetary Policy Rate (the interest of a late stamping under the Nigeria Tax Act 2025), from a day after the latest row's first day, which then ends the day before (ADR 0033). Applies to bills raised from that day; never to one already raised: the new rate starts after the last day an instrument was billed (422 otherwise). Audited `stamp_duty.mpr_rate_added`",
        body: StampMprRateInput,
        response: { 201: StampDutyRuleTables, ...errors },
      },
      config: { permission: 'stamp-duty:rules' },
    },
    async (req, reply) => {
      await rates.addMprRate(req.actor, req.body);
      return reply.code(201).send(await rules.listRules(req.actor));
    },
  );

  app.put(
    '/stamp-duty/penalty-rules/:id',
    {
      schema: {
        tags,
        operationId: 'correctStampPenaltyRule',
        summary: 'Correct a late-stamping penalty setting',
        description:
          'A mistake in one row corrected (ADR 0033): its figures while no instrument was billed under it (409 once one was: add a new row instead), its source and `toConfirm` always; its law and dates never change. Audited `stamp_duty.penalty_rule_corrected`',
        params: StampRateIdParams,
        body: StampPenaltyRuleCorrection,
        response: { 200: StampDutyRuleTables, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:rules' },
    },
    async (req) => {
      await rates.correctPenaltyRule(req.actor, req.params.id, req.body);
      return rules.listRules(req.actor);
    },
  );

  app.put(
    '/stamp-duty/mpr-rates/:id',
    {
      schema: {
        tags,
        operationId: 'correctStampMprRate',
        summary: 'Correct a Monetary Policy Rate',
        description:
          'A mistake in one row corrected (ADR 0033): its rate while no instrument was billed on a day it covers (409 once one was: add a new rate instead), its source and `toConfirm` always; its dates never change. Audited `stamp_duty.mpr_rate_corrected`',
        params: StampRateIdParams,
        body: StampMprRateCorrection,
        response: { 200: StampDutyRuleTables, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:rules' },
    },
    async (req) => {
      await rates.correctMprRate(req.actor, req.params.id, req.body);
      return rules.listRules(req.actor);
    },
  );

  app.post(
    '/stamp-duty/instruments',
    {
      schema: {
        tags,
        operationId: 'createStampInstrument',
        summary: 'Assess an instrument',
        description:
          'Record an instrument with at least two parties (each a taxpayer by BTIN, or a name and phone) and assess its duty under the law in force on its date of execution; the rule used is stored with it',
        body: StampInstrumentInput,
        response: { 201: StampInstrumentDetail, 404: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await instruments.createInstrument(req.actor, req.body)),
  );

  app.get(
    '/stamp-duty/instruments',
    {
      schema: {
        tags,
        operationId: 'listStampInstruments',
        summary: 'List instruments',
        description:
          'Instruments by status, type, execution dates, or a search (certificate number, BTIN, a party’s name, the description); `format=csv|xlsx` exports the filter',
        querystring: StampInstrumentListQuery,
        response: { 200: StampInstrumentPage, ...errors },
      },
      config: { permission: 'stamp-duty:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (format) {
        return sendExport(
          reply as unknown as FastifyReply,
          await lists.exportInstruments(req.actor, { ...req.query, format }),
        );
      }
      return lists.findInstruments(req.actor, req.query);
    },
  );

  app.get(
    '/stamp-duty/instruments/:id',
    {
      schema: {
        tags,
        operationId: 'getStampInstrument',
        summary: 'Get an instrument',
        description:
          'An instrument with its parties, the rule and law its duty was assessed under (stored with it), its bills, status and history.',
        params: StampInstrumentIdParams,
        response: { 200: StampInstrumentDetail, 404: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:read' },
    },
    (req) => instruments.detailOf(req.params.id),
  );

  app.post(
    '/stamp-duty/instruments/:id/parties',
    {
      schema: {
        tags,
        operationId: 'addStampInstrumentParty',
        summary: 'Add a party to an instrument',
        description: 'Add a party while the instrument is not yet billed (409 afterwards)',
        params: StampInstrumentIdParams,
        body: StampPartyInput,
        response: { 201: StampInstrumentDetail, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await instruments.addParty(req.actor, req.params.id, req.body)),
  );

  app.post(
    '/stamp-duty/instruments/:id/bill',
    {
      schema: {
        tags,
        operationId: 'billStampInstrument',
        summary: 'Bill an instrument (RRR)',
        description:
          'Raise the RRR for the duty plus the late-stamping penalty computed today, charged to the party the law names; once per instrument (409 when billed already)',
        params: StampInstrumentIdParams,
        body: StampBillInput,
        response: { 201: StampBillView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await bills.raiseBill(req.actor, req.params.id, req.body)),
  );

  app.post(
    '/stamp-duty/instruments/:id/stamp',
    {
      schema: {
        tags,
        operationId: 'stampInstrument',
        summary: 'Stamp a paid instrument',
        description:
          'Give a paid instrument (or one not chargeable) its certificate number; 409 until paid, or when stamped already',
        params: StampInstrumentIdParams,
        response: { 200: StampedView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:write' },
    },
    async (req) => {
      const instrument = await instruments.stamp(req.actor, req.params.id);
      return {
        id: instrument.id,
        certificateNumber: instrument.certificateNumber as string,
        status: 'stamped' as const,
        instrument,
      };
    },
  );

  app.post(
    '/stamp-duty/instruments/:id/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelStampInstrument',
        summary: 'Cancel an instrument',
        description:
          'Cancel an instrument not yet paid, with a reason; its pending bill is cancelled with it (409 once paid)',
        params: StampInstrumentIdParams,
        body: StampCancelInput,
        response: { 200: StampInstrumentDetail, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:write' },
    },
    (req) =>
      instruments.cancel(req.actor, req.params.id, req.body.reason, (tx, paymentId) =>
        bills
          .cancelBill(tx, req.actor, paymentId, `Instrument cancelled: ${req.body.reason}`)
          .then(() => undefined),
      ),
  );

  app.post(
    '/stamp-duty/instruments/:id/scan',
    uploadRoute({
      maxBytes: STAMP_SCAN_MAX_BYTES,
      permission: 'stamp-duty:write',
      schema: {
        tags,
        operationId: 'uploadStampInstrumentScan',
        summary: 'Attach the scan of an instrument',
        description:
          'A `multipart/form-data` request whose field `file` holds the scan of the instrument: a PDF, JPEG or PNG of at most 5 MB, recognised by its bytes (never its name). An empty, oversized, damaged file or one of another type is a 422 naming `file`, and nothing is kept. Replaces an earlier scan (its bytes stay for the audit trail); 409 once the instrument is cancelled. Audited `stamp_duty.scan_attached`',
        params: StampInstrumentIdParams,
        response: { 200: StampInstrumentDetail, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (req) => {
      await scans.attachScan(req.actor, req.params.id, await readScanUpload(req));
      return instruments.detailOf(req.params.id);
    },
  );

  app.get(
    '/stamp-duty/instruments/:id/scan',
    {
      schema: {
        tags,
        operationId: 'getStampInstrumentScan',
        summary: 'Download the scan of an instrument',
        description:
          'The scan as attached (PDF, JPEG or PNG), as a download; 404 when none is attached. Audited `stamp_duty.scan_opened`',
        params: StampInstrumentIdParams,
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:read' },
    },
    async (req, reply) => {
      const scan = await scans.openScan(req.actor, req.params.id);
      return sendBytes(reply as unknown as FastifyReply, scan.bytes, {
        'content-type': scan.contentType,
        'content-disposition': `attachment; filename="${scan.fileName}"`,
        'content-security-policy': NOTHING_CSP,
        // A deed names people and sums: never kept by the browser (ADR 0022).
        'cache-control': 'no-store',
      });
    },
  );

  app.get(
    '/stamp-duty/instruments/:id/certificate.pdf',
    {
      schema: {
        tags,
        operationId: 'getStampCertificatePdf',
        summary: 'Get the stamp certificate (PDF)',
        description:
          'The certificate of a stamped instrument, with a QR code to its public check; every download after the first says COPY (409 before it is stamped)',
        params: StampInstrumentIdParams,
        response: { 200: Binary, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'stamp-duty:read' },
    },
    async (req, reply) => {
      const file = await certificates.certificatePdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      // A PDF's bytes as they are (Fastify never serialises a Buffer; see notices/routes.ts).
      return (reply as unknown as FastifyReply)
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${file.fileName}"`,
        })
        .send(file.body);
    },
  );

  app.get(
    '/public/stamp-duty/match',
    {
      schema: {
        tags,
        operationId: 'matchStampCertificate',
        summary: 'Match a stamp certificate number with its duty',
        description:
          'Whether a certificate that stands (not cancelled) has this number and this duty (in kobo, as printed; 0 for an instrument not chargeable): `match` true or false, nothing else (ADR 0032). For a certificate typed without its code. Needs no session; rate-limited per address with the check by code; never cached.',
        querystring: AmountMatchQuery,
        response: { 200: PublicMatch, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => certificates.matchCertificate(req.actor, req.query.number, req.query.amountKobo),
  );

  app.get(
    '/public/stamp-duty/:certificateNumber',
    {
      schema: {
        tags,
        operationId: 'verifyStampCertificate',
        summary: 'Check a stamp certificate by its code',
        description:
          "Is this stamp certificate genuine and standing? The path segment is the verification code printed under its QR code (10 letters and digits) or its certificate number (SD-2026-0000001). By the code: its number, instrument type, day of execution and of stamping, the duty and the parties' names masked. By the number: `status` and the number only (ADR 0032); `GET /api/v1/public/stamp-duty/match` checks a number with its printed duty. Needs no session; rate-limited per address; never cached.",
        params: PublicStampParams,
        response: { 200: PublicStampCheck, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => certificates.verify(req.actor, req.params.certificateNumber),
  );
};
