import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';

/**
 * The Remita and EVAS simulators (issue 5): mounted under /_sim in demo mode and in tests,
 * never in production. Their state is shared with the demo seed, which writes RRRs into it.
 */
export type Simulators = Record<string, never>;

export function createSimulators(_config: Config): Simulators {
  return {};
}

export const simulatorRoutes: FastifyPluginAsync<{
  simulators: Simulators;
  /** RevDesk's own address, for payment notifications. */
  selfUrl: () => string;
}> = async () => {};
