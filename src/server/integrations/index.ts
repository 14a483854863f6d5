import type { Config } from '../config';
import { AppError } from '../errors';
import type { EvasClient } from './evas/types';
import type { RemitaClient } from './remita/types';

/** The remote systems RevDesk talks to (DESIGN.md §6), each behind a typed client. */
export type Integrations = { remita: RemitaClient; evas: EvasClient };

/**
 * Clients pointed at the configured base URLs, or at this server's own simulators (/_sim/…)
 * when none is configured. `selfUrl` is read at call time: the port is known only once the
 * server listens.
 */
export function createIntegrations(_config: Config, _selfUrl: () => string): Integrations {
  // Placeholder until the clients land (issue 5, integrations work): every call is refused.
  const refuse = () =>
    Promise.reject(new AppError('REMITA_UNAVAILABLE', 'The Remita client is not built yet.'));
  return {
    remita: { getRrrStatus: refuse, generateRrr: refuse, repushRrr: refuse },
    evas: { getRrrStatus: refuse },
  };
}
