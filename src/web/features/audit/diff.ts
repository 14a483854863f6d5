/** One line of a before/after comparison, as text: never HTML. */
export type DiffLine = { field: string; before: string; after: string; isChanged: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the diff shows it: "—" for nothing, text as it is, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

/**
 * Before and after, field by field: the union of both sides' top-level keys, in the order
 * they first appear. A side that is not an object is shown as one "value" line. A field is
 * changed only where there is a before and an after to compare.
 */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  // A creation or a one-sided record (a sign-in's reason) changed nothing: all of it is new.
  const isComparison = before != null && after != null;
  const line = (field: string, b: unknown, a: unknown): DiffLine => ({
    field,
    before: shownValue(b),
    after: shownValue(a),
    isChanged: isComparison && JSON.stringify(b ?? null) !== JSON.stringify(a ?? null),
  });
  const beforeIsRecord = isRecord(before) || before === null || before === undefined;
  const afterIsRecord = isRecord(after) || after === null || after === undefined;
  if (!beforeIsRecord || !afterIsRecord) return [line('value', before, after)];
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => line(field, b[field], a[field]));
}
