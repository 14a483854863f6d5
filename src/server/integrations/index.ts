import type { Config } from '../config';
import { AppError } from '../errors';
import { createBenjisClient } from './benjis/client';
import type { BenjisClient } from './benjis/types';
import { createCardGatewayClient } from './card/client';
import { SIMULATOR_CARD_SECRET } from './card/protocol';
import type { CardGatewayClient } from './card/types';
import { createEvasClient } from './evas/client';
import type { EvasClient } from './evas/types';
import { createFidelityClient } from './fidelity/client';
import type { FidelityClient } from './fidelity/types';
import type { RemoteCallRecorder } from './http';
import { createRemitaClient } from './remita/client';
import type { RemitaClient } from './remita/types';

/** The remote systems RevDesk talks to (docs/architecture.md §6), each behind a typed client. */
export type Integrations = {
  remita: RemitaClient;
  evas: EvasClient;
  card: CardGatewayClient;
  fidelity: FidelityClient;
  benjis: BenjisClient;
};

/**
 * Clients pointed at the configured base URLs, or at this server's own simulators (/_sim/…)
 * when none is configured. `selfUrl` is read at call time: the port is known only once the
 * server listens. With neither a URL nor the simulators, every call says what to configure.
 * `record` hears how every call ended (the metrics, when they are on: ADR 0015).
 */
export function createIntegrations(
  config: Config,
  selfUrl: () => string,
  record?: RemoteCallRecorder,
): Integrations {
  const remitaBaseUrl = () => {
    if (config.remitaBaseUrl) return config.remitaBaseUrl;
    if (config.simulators) return `${selfUrl()}/_sim/remita`;
    throw new AppError(
      'REMITA_UNAVAILABLE',
      'Remita is not configured: set REMITA_BASE_URL (see README, Configuration).',
    );
  };
  const evasBaseUrl = () => {
    if (config.evasBaseUrl) return config.evasBaseUrl;
    if (config.simulators) return `${selfUrl()}/_sim/evas`;
    throw new AppError(
      'EVAS_UNAVAILABLE',
      'The auto-registration system (EVAS) is not configured: set EVAS_BASE_URL (see README, Configuration).',
    );
  };
  const cardBaseUrl = () => {
    if (config.cardGatewayBaseUrl) return config.cardGatewayBaseUrl;
    if (config.simulators) return `${selfUrl()}/_sim/card`;
    throw new AppError(
      'CARD_GATEWAY_UNAVAILABLE',
      'The card payment gateway is not configured: set CARD_GATEWAY_BASE_URL (see README, Configuration). Nothing was charged.',
    );
  };
  const fidelityBaseUrl = () => {
    if (config.fidelityBaseUrl) return config.fidelityBaseUrl;
    if (config.simulators) return `${selfUrl()}/_sim/fidelity`;
    throw new AppError(
      'BANK_UNAVAILABLE',
      'The bank is not configured: set FIDELITY_BASE_URL and FIDELITY_API_KEY (see README, Configuration).',
    );
  };
  const benjisBaseUrl = () => {
    if (config.benjisBaseUrl) return config.benjisBaseUrl;
    if (config.simulators) return `${selfUrl()}/_sim/benjis`;
    throw new AppError(
      'POS_PROVIDER_UNAVAILABLE',
      'The POS provider (Benjis) is not configured: set BENJIS_BASE_URL (see README, Configuration).',
    );
  };
  return {
    remita: createRemitaClient({
      baseUrl: remitaBaseUrl,
      timeoutMs: config.remitaTimeoutMs,
      record,
    }),
    evas: createEvasClient({ baseUrl: evasBaseUrl, timeoutMs: config.remitaTimeoutMs, record }),
    card: createCardGatewayClient({
      baseUrl: cardBaseUrl,
      // Production refuses to start without a secret (config.ts); the simulator knows this one.
      secret: () => config.cardGatewaySecret ?? SIMULATOR_CARD_SECRET,
      timeoutMs: config.cardGatewayTimeoutMs,
      record,
    }),
    fidelity: createFidelityClient({
      baseUrl: fidelityBaseUrl,
      apiKey: () => config.fidelityApiKey,
      timeoutMs: config.fidelityTimeoutMs,
      record,
    }),
    benjis: createBenjisClient({
      baseUrl: benjisBaseUrl,
      secret: config.posProviderSecret,
      timeoutMs: config.remitaTimeoutMs,
      record,
    }),
  };
}
