import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files/store';
import type { Integrations } from '../../integrations';
import type { SecretBox } from '../../secrets';
import type { Settlements } from './ledger/settlements';

/** What the payment and job route plugins are given by app.ts. */
export type PaymentDeps = {
  db: Db;
  config: Config;
  integrations: Integrations;
  secrets: SecretBox;
  files: FileStore;
  /** What linked payments settle in their transaction (ADR 0010): assessments register theirs. */
  settlements: Settlements;
  /**
   * The app's logger, for what fails away from a request (a bill the sweep or an officer's
   * look could not settle): said in the log with the payment's id, never dropped.
   */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};
