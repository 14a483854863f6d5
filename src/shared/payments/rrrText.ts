// Without zod: the shell, the lists and the receipts show RRRs (docs/architecture.md §9 "Web"); rrr.ts adds
// the schema and re-exports these.

/**
 * A Remita Retrieval Reference: 12 digits. Payers often write it in groups
 * (2801-2345-6789 or 2801 2345 6789); the separators are dropped before it is checked.
 */
export const RRR_PATTERN = /^\d{12}$/;

export function normaliseRrr(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function isValidRrr(text: string): boolean {
  return RRR_PATTERN.test(normaliseRrr(text));
}

/** 280123456789 → "2801-2345-6789", as Remita prints it. */
export function formatRrr(rrr: string): string {
  return rrr.length === 12 ? `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}` : rrr;
}
