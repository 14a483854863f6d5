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
};
