import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installGate } from './auth/gate';
import { registerCompression } from './compression';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError, createFrameworkErrorHandler, handleError } from './errors';
import { createDatabaseFileStore } from './files/store';
import { createIntegrations } from './integrations';
import { createSimulators, type Simulators, simulatorRoutes } from './integrations/simulators';
import { startCardPaymentSweep } from './jobs/cardPaymentSweep';
import { startCollectionTotalsCompaction } from './jobs/collectionTotalsCompaction';
import { startIndicatorSnapshots } from './jobs/indicatorSnapshots';
import { createJobKinds, type JobKinds } from './jobs/kinds';
import { startRrrConfirmationSweep } from './jobs/rrrConfirmationSweep';
import { startJobWorker } from './jobs/worker';
import { assessmentCategoryRoutes } from './modules/assessments/categories/routes';
import { registerAssessmentSettlements } from './modules/assessments/money/settlement';
import { assessmentNoticeRoutes } from './modules/assessments/notices/routes';
import { objectionRoutes } from './modules/assessments/objections/routes';
import { assessmentRoutes } from './modules/assessments/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { bankAccountRoutes } from './modules/bank/accounts/routes';
import { bankLineRoutes } from './modules/bank/lines/routes';
import { matchStatementLines } from './modules/bank/matching/service';
import { bankOpenCreditRoutes } from './modules/bank/openCredits/routes';
import { bankReconciliationRoutes } from './modules/bank/reconciliation/routes';
import { registerStatementFetchJob } from './modules/bank/statements/job';
import { bankStatementRoutes } from './modules/bank/statements/routes';
import { registerBudgetImportJob } from './modules/budgets/job';
import { budgetRoutes } from './modules/budgets/routes';
import { createBudgetService } from './modules/budgets/service';
import { executiveDashboardRoutes } from './modules/dashboards/executive/routes';
import { workQueueRoutes } from './modules/dashboards/queues/routes';
import { demandNoticeRoutes } from './modules/demandNotices/routes';
import { registerDemandNoticeSettlement } from './modules/demandNotices/settlement';
import { indicatorRoutes } from './modules/indicators/routes';
import { letterheadRoutes } from './modules/letterhead/routes';
import { mdaRoutes } from './modules/mdas/routes';
import { officerAccountRoutes } from './modules/officers/accounts/routes';
import { officerListRoutes } from './modules/officers/list/routes';
import { attentionRoutes } from './modules/payments/attention/routes';
import { autoRegRoutes } from './modules/payments/autoReg/routes';
import { cardPaymentRoutes } from './modules/payments/card/routes';
import type { PaymentDeps } from './modules/payments/deps';
import { paymentHistoryRoutes } from './modules/payments/history/routes';
import { invoiceRoutes } from './modules/payments/invoices/routes';
import { createSettlements, type Settlements } from './modules/payments/ledger/settlements';
import { receiptRoutes } from './modules/payments/receipts/routes';
import { remitaRoutes } from './modules/payments/remita/routes';
import { registerPosCollections } from './modules/pos/collections';
import { posReadRoutes } from './modules/pos/readRoutes';
import { profileRoutes } from './modules/profile/routes';
import { referenceRoutes } from './modules/reference/routes';
import { reportRoutes } from './modules/reports/routes';
import { registerRrrBatchJob } from './modules/rrrBatches/job';
import { rrrBatchRoutes } from './modules/rrrBatches/routes';
import { registerSscSettlement } from './modules/ssc/bill';
import { sscRoutes } from './modules/ssc/routes';
import { stampDutyRoutes } from './modules/stampDuty/routes';
import { registerStampDutySettlement } from './modules/stampDuty/settlement';
import { systemRoutes } from './modules/system/routes';
import { taxpayerRoutes } from './modules/taxpayers/routes';
import { registerTccMdaBatchJob } from './modules/tcc/bulk/job';
import { registerTccSettlement } from './modules/tcc/generate/settlement';
import { tccRoutes } from './modules/tcc/routes';
import { type AppMetrics, createAppMetrics } from './observability/metrics';
import {
  type LogDestination,
  loggerOptions,
  RequestLogController,
} from './observability/requestLog';
import { installRequestMetrics, registerMetricsRoute } from './observability/routes';
import { swaggerOptions, swaggerUiOptions } from './openapi';
import { secretBoxFromConfig } from './secrets';
import { fastifyTrustProxy } from './security/addresses';
import { JSON_BODY_LIMIT_BYTES, registerBodyLimits } from './security/bodyLimits';
import { createClientErrorHandler } from './security/clientErrors';
import { registerSecurityHeaders } from './security/headers';
import { refuseUnstorableText } from './security/unstorableText';
import { createSerializerCompiler } from './serializer';
import { serveWebApp } from './web';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Extra routes, for tests that prove the gate (a route without a permission must not boot). */
  registerExtraRoutes?: (app: FastifyInstance) => void;
  /** The simulators' state, when the caller made it first (the demo seed writes RRRs into it). */
  simulators?: Simulators;
  /** What linked payments settle; the caller's own when it drives the ledger too (tests). */
  settlements?: Settlements;
  /**
   * The background job kinds the worker runs; the caller's own when it registers a kind of its
   * own (tests). The app's modules register theirs into it (ADR 0030).
   */
  jobKinds?: JobKinds;
  /** Start the background job worker (default true; tests of the worker itself turn it off). */
  runJobs?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logDestination?: LogDestination;
};

/** Builds the whole HTTP application without listening, so tests can `inject` into it. */
export async function buildApp({
  config,
  database,
  registerExtraRoutes,
  simulators,
  settlements = createSettlements(),
  jobKinds = createJobKinds(),
  runJobs = true,
  logDestination,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    // One line per request instead of Fastify's two (ADR 0015).
    logController: new RequestLogController(),
    // Small by default; upload routes and Remita's notifications declare their own (ADR 0014).
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Off unless TRUST_PROXY names the proxies: otherwise X-Forwarded-For would let anyone
    // choose the address that rate limits and the audit trail see (ADR 0014).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: createFrameworkErrorHandler(config),
    // What Node's HTTP parser refuses (431, 414, 400, 408), in the error shape too (ADR 0022).
    clientErrorHandler: createClientErrorHandler(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify in production; checked against zod everywhere else (ADR 0026).
  app.setSerializerCompiler(
    createSerializerCompiler(config.env === 'production' ? 'fast' : 'checked', undefined, app.log),
  );
  app.setErrorHandler(handleError);
  // Before the route's schema, after the gate: text the database cannot store (ADR 0022).
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));

  // Before any route, so every request is counted, whatever answers it (ADR 0015).
  const metrics: AppMetrics | null = config.metricsToken
    ? createAppMetrics({ database, log: app.log, jobKinds })
    : null;
  if (metrics) installRequestMetrics(app, metrics);

  // Every answer's security headers, in one place (ADR 0014).
  registerSecurityHeaders(app, config);
  registerBodyLimits(app);

  // First: it compresses the answers of the routes registered after it (compression.ts).
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, swaggerOptions(config, APP_VERSION));
  await app.register(fastifySwaggerUi, swaggerUiOptions);

  installGate(app, { db: database.db, config });

  await app.register(systemRoutes, { prefix: '/api', database, config, version: APP_VERSION });
  registerMetricsRoute(app, { metrics, token: config.metricsToken });
  await app.register(authRoutes, { prefix: '/api/v1', db: database.db, config });
  await app.register(auditRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(officerListRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(officerAccountRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(profileRoutes, {
    prefix: '/api/v1',
    db: database.db,
    files: createDatabaseFileStore(database.db),
  });
  await app.register(referenceRoutes, { prefix: '/api/v1', db: database.db });
  const secrets = secretBoxFromConfig(config);
  await app.register(mdaRoutes, { prefix: '/api/v1', db: database.db, secrets });
  const files = createDatabaseFileStore(database.db);
  await app.register(taxpayerRoutes, { prefix: '/api/v1', db: database.db, files });
  await app.register(letterheadRoutes, { prefix: '/api/v1', db: database.db, files });

  // Remita and EVAS: the configured URLs, else this server's own simulators (demo, tests).
  const selfUrl = () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') {
      throw new AppError(
        'REMITA_UNAVAILABLE',
        'RevDesk is not listening, so its simulators cannot answer.',
      );
    }
    return `http://127.0.0.1:${address.port}`;
  };
  if (config.simulators) {
    await app.register(simulatorRoutes, {
      prefix: '/_sim',
      simulators: simulators ?? createSimulators(config),
      selfUrl,
      posProviderSecret: config.posProviderSecret,
    });
  }
  const paymentDeps: PaymentDeps = {
    db: database.db,
    config,
    integrations: createIntegrations(config, selfUrl, metrics?.recordRemoteCall),
    secrets,
    files,
    settlements,
    log: app.log,
  };
  await app.register(remitaRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(invoiceRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(paymentHistoryRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(receiptRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(autoRegRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(attentionRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(rrrBatchRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(cardPaymentRoutes, { prefix: '/api/v1', ...paymentDeps });
  // Each module registers its background job kinds with the worker (jobs/kinds.ts, ADR 0030).
  registerRrrBatchJob(jobKinds, paymentDeps);
  // Assessments settle their linked payments in the payment's transaction (ADR 0011).
  registerAssessmentSettlements(settlements);
  await app.register(assessmentRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(objectionRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(assessmentCategoryRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(assessmentNoticeRoutes, { prefix: '/api/v1', ...paymentDeps });
  // A certificate's processing fee, once paid, sends it into the approval chain (ADR 0011).
  registerTccSettlement(settlements);
  // An SSC schedule's bill, once paid, marks the schedule paid (ADR 0028).
  registerSscSettlement(settlements);
  // A demand notice's bill, once paid, moves it to part_paid or paid (ADR 0028).
  registerDemandNoticeSettlement(settlements);
  // A stamp duty instrument's bill, once paid, lets it be stamped (ADR 0028).
  registerStampDutySettlement(settlements);
  // Every payable kind has its settlement, or the app does not start (ADR 0028).
  settlements.assertComplete();
  await app.register(tccRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(stampDutyRoutes, { prefix: '/api/v1', ...paymentDeps });
  registerTccMdaBatchJob(jobKinds, paymentDeps);
  await app.register(sscRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(bankLineRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(bankOpenCreditRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(bankReconciliationRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(demandNoticeRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(reportRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(workQueueRoutes, { prefix: '/api/v1', ...paymentDeps });
  await app.register(executiveDashboardRoutes, { prefix: '/api/v1', db: database.db });
  // The revenue budget (docs/budgets.md): its pages and the import's job.
  await app.register(budgetRoutes, { prefix: '/api/v1', db: database.db });
  registerBudgetImportJob(jobKinds, {
    db: database.db,
    budgets: createBudgetService({ db: database.db }),
  });
  await app.register(indicatorRoutes, { prefix: '/api/v1', db: database.db });
  // Bank statements (docs/bank.md): collection accounts, the fetch and its job.
  const bankFetchDeps = { db: database.db, fidelity: paymentDeps.integrations.fidelity };
  await app.register(bankAccountRoutes, { prefix: '/api/v1', db: database.db });
  await app.register(bankStatementRoutes, { prefix: '/api/v1', ...bankFetchDeps });
  registerStatementFetchJob(jobKinds, { ...bankFetchDeps, matchStatementLines });
  await registerPosCollections(
    app,
    { ...paymentDeps, recordPosPush: metrics?.recordPosPush },
    jobKinds,
    { runJobs },
  );
  await app.register(posReadRoutes, { prefix: '/api/v1', ...paymentDeps, jobKinds });
  if (runJobs) {
    startJobWorker(
      app,
      { db: database.db, jobKinds },
      { isOnlyWorker: database.kind === 'pglite' },
    );
    startRrrConfirmationSweep(app, paymentDeps);
    startCollectionTotalsCompaction(app, database.db);
    startIndicatorSnapshots(app, database.db);
    startCardPaymentSweep(app, paymentDeps);
  }
  registerExtraRoutes?.(app);

  await serveWebApp(app, { webDir: config.webDir });

  return app;
}
