/**
 * "Sorted by: date issued, newest first": how each sort key of the API reads to a person, so
 * every list says in what order it shows its records (docs/architecture.md §9). Keys mean the
 * same thing wherever a list has them; a list whose words differ passes its own.
 */
const SORT_WORDS: Record<string, readonly [noun: string, ascending: string, descending: string]> = {
  name: ['name', 'A to Z', 'Z to A'],
  surname: ['surname', 'A to Z', 'Z to A'],
  username: ['username', 'A to Z', 'Z to A'],
  code: ['code', 'lowest first', 'highest first'],
  btin: ['BTIN', 'lowest first', 'highest first'],
  number: ['certificate number', 'lowest first', 'highest first'],
  createdAt: ['date created', 'oldest first', 'newest first'],
  updatedAt: ['last change', 'oldest first', 'newest first'],
  issuedAt: ['date issued', 'oldest first', 'newest first'],
  paidAt: ['date paid', 'oldest first', 'newest first'],
  // The payment history's date: paid, or raised for a bill not yet paid (the date it shows).
  date: ['date (paid, or raised for a bill not yet paid)', 'oldest first', 'newest first'],
  generatedAt: ['date generated', 'oldest first', 'newest first'],
  taxYear: ['tax year', 'earliest first', 'latest first'],
  taxKobo: ['tax', 'smallest first', 'largest first'],
  amount: ['amount', 'smallest first', 'largest first'],
  waiting: ['time waiting', 'shortest first', 'longest first'],
};

/** `-issuedAt` → "date issued, newest first"; `relevance` → "best match first". */
export function sortText(
  sort: string,
  words: Readonly<Record<string, readonly [string, string, string]>> = {},
): string {
  if (sort === 'relevance') return 'best match first';
  const key = sort.replace(/^-/, '');
  const known = words[key] ?? SORT_WORDS[key];
  if (!known) return key;
  const [noun, ascending, descending] = known;
  return `${noun}, ${sort.startsWith('-') ? descending : ascending}`;
}
