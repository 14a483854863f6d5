import { createHash } from 'node:crypto';
import type { ProviderTransaction } from './protocol';
import { signedHeaders } from './protocol';

/**
 * What the POS provider simulator remembers: the terminals it serves (each collecting a
 * deterministic day of transactions, the same every time it is asked) and the transactions
 * tests or the demo added by hand. simulator.ts answers the pull from this state; `push` sends
 * transactions to RevDesk signed as the provider would. `down` and `delayMs` (memory only) are
 * how tests reach the client's failures.
 */

export type SimPosTerminal = {
  terminalId: string;
  /** The revenue head its transactions name, if any. */
  revenueHeadCode?: string | null;
  /** Typical takings of one transaction, in kobo (the generator varies it). */
  typicalKobo: number;
  /** Days (YYYY-MM-DD) it sent nothing: a terminal switched off, a market closed. */
  silentDays?: string[];
};

export type BenjisSimulatorSnapshot = {
  terminals: SimPosTerminal[];
  added: ProviderTransaction[];
};

const PAYER_NAMES = [
  'Ebiere Tonye',
  'Preye Alagoa',
  'Tamara Ebi',
  'Ayibaemi Koko',
  'Oyintari Dauke',
  'Boma Ekiye',
  'Timipre Sylva',
  'Seimiebi Wari',
];

/** A number from 0 to 1 fixed by `key`: the same day and terminal always give the same day. */
function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** The day's Lagos midnight as a Date (Lagos is UTC+1 all year). */
function lagosMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+01:00`);
}

/**
 * A terminal's transactions on a day, deterministic: 3 to 12 between 07:00 and 19:00 Lagos
 * time, about one in fifteen declined and one in forty reversed (re-sent with the original's
 * terminal, STAN and day). The demo seed records the same ones, so a pull of a seeded day finds
 * them all already in RevDesk except those the seed left out on purpose.
 */
export function simulatedDayOf(terminal: SimPosTerminal, day: string): ProviderTransaction[] {
  if (terminal.silentDays?.includes(day)) return [];
  const count = 3 + Math.floor(unit(`${terminal.terminalId}/${day}/count`) * 10);
  const start = lagosMidnight(day).getTime() + 7 * 3_600_000;
  const firstStan = 100_000 + Math.floor(unit(`${terminal.terminalId}/${day}/stan`) * 800_000);
  const out: ProviderTransaction[] = [];
  for (let n = 0; n < count; n += 1) {
    const key = `${terminal.terminalId}/${day}/${n}`;
    const at = new Date(start + Math.floor(((n + unit(`${key}/t`)) / count) * 12 * 3_600_000));
    // Whole hundreds of naira, as levies and tickets are.
    const amountKobo = Math.max(
      10_000,
      Math.round((terminal.typicalKobo * (0.5 + unit(`${key}/a`))) / 10_000) * 10_000,
    );
    const roll = unit(`${key}/s`);
    // Consecutive from a day's start, as a terminal counts them: unique within the day.
    const stan = String(firstStan + n);
    const base: ProviderTransaction = {
      terminalId: terminal.terminalId,
      stan,
      rrn: `${day.replaceAll('-', '').slice(2)}${stan}`,
      amountKobo,
      transactedAt: at.toISOString(),
      revenueHeadCode: terminal.revenueHeadCode ?? null,
      payerName: PAYER_NAMES[Math.floor(unit(`${key}/p`) * PAYER_NAMES.length)] ?? null,
      payerPhone: `+23480${String(Math.floor(unit(`${key}/ph`) * 1e8)).padStart(8, '0')}`,
      status: roll < 1 / 15 ? 'declined' : 'approved',
    };
    out.push(base);
    if (base.status === 'approved' && roll > 1 - 1 / 40) {
      out.push({
        ...base,
        transactedAt: new Date(at.getTime() + 10 * 60_000).toISOString(),
        status: 'reversed',
      });
    }
  }
  return out;
}

export function createBenjisSimulator(
  options: { snapshot?: BenjisSimulatorSnapshot | null; onChange?: () => void } = {},
) {
  const terminals = new Map<string, SimPosTerminal>();
  for (const terminal of options.snapshot?.terminals ?? []) {
    terminals.set(terminal.terminalId, terminal);
  }
  const added: ProviderTransaction[] = [...(options.snapshot?.added ?? [])];

  function dayOf(iso: string): string {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Lagos',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(iso));
  }

  return {
    /** The pull answers 503 while true (memory only). */
    down: false,
    /** Answer the pull only after this long (memory only). */
    delayMs: 0,
    /** Every pull page asked, for tests that count them (memory only). */
    pulls: [] as Array<{ day: string; page: number }>,

    addTerminals(list: readonly SimPosTerminal[]): void {
      for (const terminal of list) terminals.set(terminal.terminalId, { ...terminal });
      options.onChange?.();
    },

    /** Transactions the provider holds besides the generated ones (tests, the demo's held ones). */
    addTransactions(list: readonly ProviderTransaction[]): void {
      added.push(...list.map((t) => ({ ...t })));
      options.onChange?.();
    },

    /** Every transaction of the Lagos day made by now, in the provider's order (time, then terminal). */
    transactionsOf(day: string, now: Date = new Date()): ProviderTransaction[] {
      const made = (t: ProviderTransaction) => Date.parse(t.transactedAt) <= now.getTime();
      const all = [
        ...[...terminals.values()].flatMap((terminal) => simulatedDayOf(terminal, day)),
        ...added.filter((t) => dayOf(t.transactedAt) === day),
      ].filter(made);
      return all.sort(
        (a, b) =>
          a.transactedAt.localeCompare(b.transactedAt) ||
          a.terminalId.localeCompare(b.terminalId) ||
          a.stan.localeCompare(b.stan),
      );
    },

    /**
     * Pushes transactions to RevDesk's push route as the provider would: signed with `secret`
     * at `now`. Returns RevDesk's status and answer.
     */
    async push(
      url: string,
      secret: string,
      transactions: readonly ProviderTransaction[],
      now: Date = new Date(),
    ): Promise<{ status: number; body: unknown }> {
      const body = JSON.stringify({ transactions });
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(secret, body, now) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await answer.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Kept as text: the caller shows it.
      }
      return { status: answer.status, body: parsed };
    },

    snapshot(): BenjisSimulatorSnapshot {
      return { terminals: [...terminals.values()], added: [...added] };
    },
  };
}

export type BenjisSimulator = ReturnType<typeof createBenjisSimulator>;
