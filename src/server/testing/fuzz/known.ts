/**
 * Identifiers the app has answered with (BTINs, ids, RRRs, notice numbers…), kept by field name.
 * A random UUID finds nothing (404); an id the app made reaches the rules behind the lookup, so
 * the fuzz inputs draw path parameters and body fields from here about half the time.
 */
const KEPT_PER_NAME = 64;

/** Field names worth keeping: what path parameters and bodies name things by. */
const NAMES = new Set([
  'id',
  'btin',
  'rrr',
  'mdaId',
  'assessmentId',
  'paymentId',
  'jobId',
  'tccId',
  'officerId',
  'receiptNumber',
  'noticeNumber',
  'number',
  'code',
  'categoryCode',
  'subcategoryCode',
  'revenueHeadCode',
  'stateId',
  'lgaId',
  'townId',
]);

export class KnownValues {
  private readonly byName = new Map<string, unknown[]>();
  /** Values never handed out: the fuzzing officers' own ids (deactivating them ends the run). */
  private readonly excluded = new Set<unknown>();

  exclude(value: unknown): void {
    this.excluded.add(value);
  }

  add(name: string, value: unknown): void {
    if (!NAMES.has(name) || this.excluded.has(value)) return;
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const values = this.byName.get(name) ?? [];
    if (values.includes(value)) return;
    values.push(value);
    if (values.length > KEPT_PER_NAME) values.shift();
    this.byName.set(name, values);
  }

  /** Keeps every known field of a JSON answer, however deep. */
  harvest(body: unknown, depth = 0): void {
    if (depth > 6 || body === null || typeof body !== 'object') return;
    if (Array.isArray(body)) {
      for (const item of body.slice(0, 20)) this.harvest(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(body)) {
      this.add(key, value);
      this.harvest(value, depth + 1);
    }
  }

  /** The values a field or path parameter of this name may take: `headId` takes any `id`. */
  candidates(name: string): unknown[] {
    const own = this.byName.get(name) ?? [];
    const related =
      name.endsWith('Id') || name === 'id'
        ? (this.byName.get('id') ?? [])
        : name === 'code'
          ? [
              ...(this.byName.get('categoryCode') ?? []),
              ...(this.byName.get('subcategoryCode') ?? []),
            ]
          : [];
    return [...own, ...related];
  }

  /** The `pick`-th candidate (wrapping), or undefined when none is known. */
  pick(name: string, pick: number): unknown {
    const values = this.candidates(name);
    return values.length > 0 ? values[pick % values.length] : undefined;
  }
}
