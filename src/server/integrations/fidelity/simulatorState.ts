import { addDays } from '../../../shared/dates';

/**
 * What the Fidelity Bank simulator remembers, and the statement it answers. Each account it
 * knows has a statement that is a pure function of the account number and the day: the same
 * lines, references and amounts at every call, so fetching a day twice, or after a restart,
 * gives the same answer. A day holds:
 *
 * - the credits a test or the demo seed expects (`expectCredit`): narrations carrying an RRR
 *   or a receipt number of payments RevDesk holds, optionally split across two lines or
 *   reversed by a later debit — how the simulator "knows" real RRRs;
 * - generated noise, `linesPerDay` lines (0: none): transfers in that carry neither an RRR
 *   nor a receipt, transfers out, cheques, bank charges, and on busier days a credit split
 *   across two lines and a credit reversed.
 *
 * An account never registered answers with `DEFAULT_LINES_PER_DAY` of noise; one passed to
 * `refuseAccount` is unknown to the bank.
 *
 * Controls for tests (memory only, never saved): `mode` ('down' answers 503, 'malformed' an
 * answer the client cannot read), `delayMs`, `downAfterCalls` (the bank fails after so many
 * more statement answers: a fetch that breaks half-way) and `requests` (what it was asked).
 */

export type SimBankAccount = {
  accountNumber: string;
  /** Generated lines a day besides the expected credits. */
  linesPerDay: number;
};

export type SimExpectedCredit = {
  accountNumber: string;
  valueDate: string;
  amountKobo: number;
  narration: string;
  /** The bank's reference; derived from the registration order when not given. */
  reference?: string;
  /** Paid in two transfers: two lines whose amounts add up to `amountKobo`. */
  isSplit?: boolean;
  /** Reversed by the bank the same day: a debit of the same amount follows it. */
  isReversed?: boolean;
};

export type SimStatementLine = {
  tranId: string;
  valueDate: string;
  postDate: string;
  tranType: 'C' | 'D';
  amountKobo: number;
  narration: string;
};

export type SimBankRequest = { call: string; accountNumber: string };

export type FidelitySimulatorSnapshot = {
  accounts: SimBankAccount[];
  expectedCredits: SimExpectedCredit[];
};

/** Generated lines a day for an account registered without a figure: a quiet demo account. */
export const DEFAULT_LINES_PER_DAY = 8;

/** FNV-1a: a seed from text, so each account-day has its own fixed sequence. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, and the same numbers on every machine. */
function randomFrom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NAMES = [
  'ADAMU BELLO',
  'EBIERE TONYE',
  'OKORO CHIDI',
  'PREYE DIKIBO',
  'TIMI ALAGOA',
  'BOMA FRIDAY',
  'NGOZI EZE',
  'SEGUN ADEYEMI',
] as const;

const CHARGES = [
  ['SMS ALERT CHARGES', 400],
  ['COMM ON TURNOVER', 1_250],
  ['VAT ON COMM', 94],
  ['ACCOUNT MAINTENANCE FEE', 5_000],
] as const;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** The day as the bank's compact date in references: 261102. */
function compactDay(day: string): string {
  return day.slice(2).replaceAll('-', '');
}

export function createFidelitySimulator(
  options: {
    apiKey: string;
    snapshot?: FidelitySimulatorSnapshot | null;
    onChange?: () => void;
  } = { apiKey: '' },
) {
  const accounts = new Map<string, SimBankAccount>();
  for (const account of options.snapshot?.accounts ?? [])
    accounts.set(account.accountNumber, account);
  const expectedCredits: SimExpectedCredit[] = [...(options.snapshot?.expectedCredits ?? [])];
  /** Accounts the bank says it does not know (tests only, never saved). */
  const refused = new Set<string>();

  /** Generated lines of an account-day, before the expected credits join them. */
  function noiseOf(account: SimBankAccount, day: string): SimStatementLine[] {
    const random = randomFrom(hashOf(`${account.accountNumber}/${day}`));
    const prefix = `FT${compactDay(day)}${account.accountNumber.slice(-4)}`;
    const lines: Omit<SimStatementLine, 'postDate' | 'valueDate'>[] = [];
    let seq = 0;
    const ref = () => {
      seq += 1;
      return `${prefix}${String(seq).padStart(5, '0')}`;
    };
    const n = account.linesPerDay;
    // Busier days hold one split credit and one reversal among their lines.
    if (n >= 8) {
      const whole = 5_000_000 + Math.floor(random() * 50_000) * 100;
      const first = Math.floor(whole / 3 / 100) * 100;
      const payer = pick(random, NAMES);
      lines.push(
        {
          tranId: ref(),
          tranType: 'C',
          amountKobo: first,
          narration: `NIP TRF FROM ${payer} PART 1 OF 2`,
        },
        {
          tranId: ref(),
          tranType: 'C',
          amountKobo: whole - first,
          narration: `NIP TRF FROM ${payer} PART 2 OF 2`,
        },
      );
      const reversed = 1_000_000 + Math.floor(random() * 10_000) * 100;
      const reversedRef = ref();
      lines.push(
        {
          tranId: reversedRef,
          tranType: 'C',
          amountKobo: reversed,
          narration: `NIP TRF FROM ${pick(random, NAMES)}`,
        },
        {
          tranId: ref(),
          tranType: 'D',
          amountKobo: reversed,
          narration: `REVERSAL OF ${reversedRef}`,
        },
      );
    }
    while (lines.length < n) {
      const roll = random();
      if (roll < 0.45) {
        // A credit that names neither an RRR nor a receipt: someone paid in by transfer or cash.
        // ₦1,000 to ₦500,000; most in whole naira, some with kobo.
        const raw = 100_000 + Math.floor(random() * 49_900_000);
        const amountKobo = random() < 0.7 ? raw - (raw % 100) : raw;
        const how = random() < 0.7 ? 'NIP TRF FROM' : 'CASH DEP BY';
        lines.push({
          tranId: ref(),
          tranType: 'C',
          amountKobo,
          narration: `${how} ${pick(random, NAMES)}`,
        });
      } else if (roll < 0.75) {
        lines.push({
          tranId: ref(),
          tranType: 'D',
          amountKobo: 100_000 + Math.floor(random() * 2_000_000) * 100,
          narration:
            random() < 0.5
              ? `TRF TO STATE TSA/${ref().slice(-5)}`
              : `CHQ WDL ${Math.floor(random() * 900_000 + 100_000)}`,
        });
      } else {
        const [narration, naira] = pick(random, CHARGES);
        lines.push({ tranId: ref(), tranType: 'D', amountKobo: naira * 100, narration });
      }
    }
    return lines.slice(0, Math.max(n, 0)).map((line, i) => ({
      ...line,
      valueDate: day,
      postDate: timeOf(day, i, n),
    }));
  }

  /** The expected credits of an account-day as lines (a split one as two, a reversal after). */
  function expectedOf(accountNumber: string, day: string): SimStatementLine[] {
    const lines: SimStatementLine[] = [];
    expectedCredits.forEach((credit, index) => {
      if (credit.accountNumber !== accountNumber || credit.valueDate !== day) return;
      const reference =
        credit.reference ??
        `FE${compactDay(day)}${accountNumber.slice(-4)}${String(index).padStart(6, '0')}`;
      const at = `${day}T12:${String(index % 60).padStart(2, '0')}:00+01:00`;
      if (credit.isSplit) {
        const first = Math.floor(credit.amountKobo / 2);
        lines.push(
          {
            tranId: `${reference}A`,
            valueDate: day,
            postDate: at,
            tranType: 'C',
            amountKobo: first,
            narration: credit.narration,
          },
          {
            tranId: `${reference}B`,
            valueDate: day,
            postDate: at,
            tranType: 'C',
            amountKobo: credit.amountKobo - first,
            narration: credit.narration,
          },
        );
      } else {
        lines.push({
          tranId: reference,
          valueDate: day,
          postDate: at,
          tranType: 'C',
          amountKobo: credit.amountKobo,
          narration: credit.narration,
        });
      }
      if (credit.isReversed) {
        lines.push({
          tranId: `R${reference}`,
          valueDate: day,
          postDate: at,
          tranType: 'D',
          amountKobo: credit.amountKobo,
          narration: `REVERSAL OF ${reference}: ${credit.narration}`,
        });
      }
    });
    return lines;
  }

  const simulator = {
    apiKey: options.apiKey,
    /** 'down': every call answers 503; 'malformed': answers the client cannot read. */
    mode: 'up' as 'up' | 'down' | 'malformed',
    /** Answer only after this long: how tests reach the client's timeout. */
    delayMs: 0,
    /** After this many more answers the bank goes down (null: never). */
    downAfterCalls: null as number | null,
    requests: [] as SimBankRequest[],

    registerAccount(accountNumber: string, linesPerDay = DEFAULT_LINES_PER_DAY): SimBankAccount {
      const account = { accountNumber, linesPerDay };
      accounts.set(accountNumber, account);
      options.onChange?.();
      return { ...account };
    },

    /**
     * Whether the bank answers for the account: any account it was not told to refuse, so an
     * account an administrator adds in the demo has a statement too (quiet: the default
     * noise). `refuseAccount` is how a test reaches the bank's "account not found".
     */
    hasAccount: (accountNumber: string) => !refused.has(accountNumber),

    refuseAccount(accountNumber: string): void {
      refused.add(accountNumber);
    },

    /** A credit the statement will carry on its day (a test's, or the demo seed's). */
    expectCredit(credit: SimExpectedCredit): void {
      if (!accounts.has(credit.accountNumber)) simulator.registerAccount(credit.accountNumber, 0);
      expectedCredits.push({ ...credit });
      options.onChange?.();
    },

    /** Every line of the account on `day`, in the order the bank posted them. */
    statementOf(accountNumber: string, day: string): SimStatementLine[] {
      if (refused.has(accountNumber)) return [];
      const account = accounts.get(accountNumber) ?? {
        accountNumber,
        linesPerDay: DEFAULT_LINES_PER_DAY,
      };
      return [...noiseOf(account, day), ...expectedOf(accountNumber, day)].sort((a, b) =>
        a.postDate < b.postDate ? -1 : a.postDate > b.postDate ? 1 : 0,
      );
    },

    /** Every line from `startDate` to `endDate`, both included. */
    statementBetween(
      accountNumber: string,
      startDate: string,
      endDate: string,
    ): SimStatementLine[] {
      const lines: SimStatementLine[] = [];
      for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
        lines.push(...simulator.statementOf(accountNumber, day));
      }
      return lines;
    },

    snapshot(): FidelitySimulatorSnapshot {
      return { accounts: [...accounts.values()], expectedCredits: [...expectedCredits] };
    },
  };
  return simulator;
}

/** The posting time of the i-th of n lines: spread over the banking day, 08:00 to 17:59. */
function timeOf(day: string, i: number, n: number): string {
  const minute = Math.floor((i * 600) / Math.max(n, 1));
  const hh = String(8 + Math.floor(minute / 60)).padStart(2, '0');
  const mm = String(minute % 60).padStart(2, '0');
  return `${day}T${hh}:${mm}:00+01:00`;
}

export type FidelitySimulator = ReturnType<typeof createFidelitySimulator>;
