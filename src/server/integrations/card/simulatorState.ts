import { randomInt } from 'node:crypto';

/**
 * What the card gateway simulator remembers (docs/card.md): every charge it received, by
 * RevDesk's attempt reference, so a status query and a charge sent again answer as the first
 * time. How it answers the next charges is set per test (`respondWith`), as the Remita
 * simulator's state is (../remita/simulatorState.ts).
 */

/**
 * `approve` and `decline` answer at once; `lose-answer` takes the charge (as `lostAs` says) and
 * breaks the connection before answering, as a network fault after the gateway acted would;
 * `down` answers 503 to everything and takes nothing on.
 */
export const CARD_SIMULATOR_MODES = ['approve', 'decline', 'lose-answer', 'down'] as const;
export type CardSimulatorMode = (typeof CARD_SIMULATOR_MODES)[number];

export type SimulatedCharge = {
  reference: string;
  rrr: string;
  amountKobo: number;
  status: 'APPROVED' | 'DECLINED' | 'PENDING';
  gatewayReference: string | null;
  approvedAt: string | null;
  declineCode: string | null;
  declineReason: string | null;
};

export type CardSimulatorSnapshot = { charges: SimulatedCharge[] };

export type CardSimulatorBehaviour = {
  mode: CardSimulatorMode;
  /** The words of a decline (mode `decline`, or `lose-answer` lost as declined). */
  declineReason: string;
  declineCode: string;
  /**
   * What the gateway did with a charge whose answer is lost: took the card (`approved`),
   * refused it (`declined`), left it at the terminal (`pending`), or never received it
   * (`never-received`, a status query answers NOT_FOUND).
   */
  lostAs: 'approved' | 'declined' | 'pending' | 'never-received';
  /** An approval of another amount than asked: a faulty gateway, which RevDesk must not record. */
  approvedAmountKobo?: number;
};

const DEFAULT_BEHAVIOUR: CardSimulatorBehaviour = {
  mode: 'approve',
  declineReason: 'Insufficient funds',
  declineCode: '51',
  lostAs: 'approved',
};

export function createCardSimulator(options: {
  secret: string;
  snapshot?: CardSimulatorSnapshot | null;
  onChange?: () => void;
}) {
  const charges = new Map<string, SimulatedCharge>();
  for (const charge of options.snapshot?.charges ?? []) charges.set(charge.reference, charge);
  let behaviour: CardSimulatorBehaviour = { ...DEFAULT_BEHAVIOUR };

  return {
    /** The bearer secret it accepts (CARD_GATEWAY_SECRET, or the simulator's own in demo). */
    secret: options.secret,

    /** How the next charges are answered, until changed again; unset fields take the defaults. */
    respondWith(
      mode: CardSimulatorMode,
      details: Partial<Omit<CardSimulatorBehaviour, 'mode'>> = {},
    ) {
      behaviour = { ...DEFAULT_BEHAVIOUR, ...details, mode };
    },

    /** Back to approving every charge. */
    reset() {
      behaviour = { ...DEFAULT_BEHAVIOUR };
    },

    get behaviour(): CardSimulatorBehaviour {
      return { ...behaviour };
    },

    /**
     * Takes a charge as the current behaviour says, once per reference: the same reference
     * again gets the first outcome (the idempotency key). Null when it was never received.
     */
    takeCharge(request: {
      reference: string;
      rrr: string;
      amountKobo: number;
    }): SimulatedCharge | null {
      const known = charges.get(request.reference);
      if (known) return { ...known };
      const outcome =
        behaviour.mode === 'lose-answer'
          ? behaviour.lostAs
          : behaviour.mode === 'decline'
            ? 'declined'
            : 'approved';
      if (outcome === 'never-received') return null;
      const charge: SimulatedCharge = {
        ...request,
        amountKobo:
          outcome === 'approved'
            ? (behaviour.approvedAmountKobo ?? request.amountKobo)
            : request.amountKobo,
        status:
          outcome === 'approved' ? 'APPROVED' : outcome === 'declined' ? 'DECLINED' : 'PENDING',
        gatewayReference:
          outcome === 'approved' ? `CG${String(randomInt(0, 1e10)).padStart(10, '0')}` : null,
        approvedAt: outcome === 'approved' ? new Date().toISOString() : null,
        declineCode: outcome === 'declined' ? behaviour.declineCode : null,
        declineReason: outcome === 'declined' ? behaviour.declineReason : null,
      };
      charges.set(charge.reference, charge);
      options.onChange?.();
      return { ...charge };
    },

    /** A charge left at the terminal ends (a test settling a `pending` one). */
    finishCharge(reference: string, status: 'APPROVED' | 'DECLINED') {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`the card simulator has no charge ${reference}`);
      charges.set(reference, {
        ...charge,
        status,
        gatewayReference:
          status === 'APPROVED' ? `CG${String(randomInt(0, 1e10)).padStart(10, '0')}` : null,
        approvedAt: status === 'APPROVED' ? new Date().toISOString() : null,
        declineCode: status === 'DECLINED' ? behaviour.declineCode : null,
        declineReason: status === 'DECLINED' ? behaviour.declineReason : null,
      });
      options.onChange?.();
    },

    getCharge(reference: string): SimulatedCharge | null {
      const charge = charges.get(reference);
      return charge ? { ...charge } : null;
    },

    /** How many charges it holds for an RRR: a test's proof that a card was taken once. */
    chargesFor(rrr: string): SimulatedCharge[] {
      return [...charges.values()].filter((c) => c.rrr === rrr).map((c) => ({ ...c }));
    },

    snapshot(): CardSimulatorSnapshot {
      return { charges: [...charges.values()] };
    },
  };
}

export type CardSimulator = ReturnType<typeof createCardSimulator>;
