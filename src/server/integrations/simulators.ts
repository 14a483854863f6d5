import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { benjisSimulatorRoutes } from './benjis/simulator';
import {
  type BenjisSimulator,
  type BenjisSimulatorSnapshot,
  createBenjisSimulator,
} from './benjis/simulatorState';
import { SIMULATOR_CARD_SECRET } from './card/protocol';
import { cardSimulatorRoutes } from './card/simulator';
import {
  type CardSimulator,
  type CardSimulatorSnapshot,
  createCardSimulator,
} from './card/simulatorState';
import { evasSimulatorRoutes } from './evas/simulator';
import {
  createEvasSimulator,
  type EvasSimulator,
  type EvasSimulatorSnapshot,
} from './evas/simulatorState';
import { fidelitySimulatorRoutes } from './fidelity/simulator';
import {
  createFidelitySimulator,
  type FidelitySimulator,
  type FidelitySimulatorSnapshot,
} from './fidelity/simulatorState';
import { remitaSimulatorRoutes } from './remita/simulator';
import {
  createRemitaSimulator,
  type RemitaSimulator,
  type RemitaSimulatorSnapshot,
} from './remita/simulatorState';

/**
 * The Remita, EVAS and card gateway simulators: mounted under /_sim in demo mode and in tests,
 * never in production (config refuses SIMULATORS=on there). Their state is shared with the
 * demo seed, which writes RRRs into it, and with tests, which read and change it.
 */
export type Simulators = {
  remita: RemitaSimulator;
  evas: EvasSimulator;
  /** The card payment gateway (docs/card.md). */
  card: CardSimulator;
  /** Fidelity Bank's statements (docs/bank.md). */
  fidelity: FidelitySimulator;
  /** The POS provider (Benjis): its terminals' transactions, pulled or pushed (docs/pos.md). */
  benjis: BenjisSimulator;
  /** Runs `work` saving the state once at its end instead of after each change (the demo seed's many RRRs). */
  batch<T>(work: () => Promise<T>): Promise<T>;
};

type SavedSimulators = {
  remita: RemitaSimulatorSnapshot;
  evas: EvasSimulatorSnapshot;
  /** Absent in a file saved before the card gateway had a simulator. */
  card?: CardSimulatorSnapshot;
  /** Absent in a file saved before the bank simulator existed. */
  fidelity?: FidelitySimulatorSnapshot;
  benjis?: BenjisSimulatorSnapshot;
};

/**
 * Outside tests the state is kept in DATA_DIR/simulators.json, rewritten after each change
 * (it is small), so a demo restart still knows the RRRs the demo database holds.
 */
export function createSimulators(config: Config): Simulators {
  const file = config.env === 'test' ? null : path.join(config.dataDir, 'simulators.json');
  const saved = file && existsSync(file) ? readSaved(file) : null;
  let simulators: Simulators | null = null;
  let batching = false;
  const save = () => {
    if (!file || !simulators || batching) return;
    const state: SavedSimulators = {
      remita: simulators.remita.snapshot(),
      evas: simulators.evas.snapshot(),
      card: simulators.card.snapshot(),
      fidelity: simulators.fidelity.snapshot(),
      benjis: simulators.benjis.snapshot(),
    };
    mkdirSync(path.dirname(file), { recursive: true });
    // Write then rename: a crash mid-write leaves the previous file, never half of one.
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };
  simulators = {
    remita: createRemitaSimulator({ snapshot: saved?.remita ?? null, onChange: save }),
    evas: createEvasSimulator({ snapshot: saved?.evas ?? null, onChange: save }),
    card: createCardSimulator({
      secret: config.cardGatewaySecret ?? SIMULATOR_CARD_SECRET,
      snapshot: saved?.card ?? null,
      onChange: save,
    }),
    fidelity: createFidelitySimulator({
      apiKey: config.fidelityApiKey,
      snapshot: saved?.fidelity ?? null,
      onChange: save,
    }),
    benjis: createBenjisSimulator({ snapshot: saved?.benjis ?? null, onChange: save }),
    async batch(work) {
      if (batching) return work();
      batching = true;
      try {
        return await work();
      } finally {
        batching = false;
        save();
      }
    },
  };
  return simulators;
}

function readSaved(file: string): SavedSimulators {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SavedSimulators;
  } catch (err) {
    throw new Error(
      `${file} cannot be read (${err instanceof Error ? err.message : err}). It holds only the demo simulators' RRRs: delete it to start them afresh.`,
    );
  }
}

export const simulatorRoutes: FastifyPluginAsync<{
  simulators: Simulators;
  /** RevDesk's own address, for payment notifications. */
  selfUrl: () => string;
  /** The POS provider's shared secret (POS_PROVIDER_SECRET), which its simulator signs with. */
  posProviderSecret: string;
}> = async (app, { simulators, selfUrl, posProviderSecret }) => {
  await app.register(remitaSimulatorRoutes, {
    prefix: '/remita',
    remita: simulators.remita,
    selfUrl,
  });
  await app.register(evasSimulatorRoutes, { prefix: '/evas', evas: simulators.evas });
  await app.register(cardSimulatorRoutes, { prefix: '/card', card: simulators.card });
  await app.register(fidelitySimulatorRoutes, {
    prefix: '/fidelity',
    fidelity: simulators.fidelity,
  });
  await app.register(benjisSimulatorRoutes, {
    prefix: '/benjis',
    benjis: simulators.benjis,
    secret: posProviderSecret,
    selfUrl,
  });
};

/**
 * The simulators on a server of their own, outside any RevDesk process, as the real Remita and
 * EVAS are: what tests point REMITA_BASE_URL / EVAS_BASE_URL at (`<url>/remita`, `<url>/evas`)
 * when they kill and restart RevDesk itself, or run several instances.
 */
export async function startSimulatorServer(
  simulators: Simulators,
  options: { selfUrl: () => string; posProviderSecret: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  await server.register(simulatorRoutes, {
    prefix: '/_sim',
    simulators,
    selfUrl: options.selfUrl,
    posProviderSecret: options.posProviderSecret,
  });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/_sim`, close: () => server.close() };
}
