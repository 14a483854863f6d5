/**
 * How long the oldest of a work queue has waited, in whole days as a person counts them
 * ("since today", "1 day", "12 days"): the dashboard's "and for how long" (docs/work-queues.md).
 */
export function waitedFor(since: string, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(since)) / 86_400_000);
  if (days < 1) return 'Oldest waiting since today';
  return `Oldest waiting ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A queue's link (`/birs/x?status=draft&mine=true`) as a path and the router's search. */
export function splitLink(link: string): {
  path: string;
  search: Record<string, string | boolean>;
} {
  const [path = link, query = ''] = link.split('?');
  const search: Record<string, string | boolean> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    // The list pages read their flags as booleans (web/lib/lists/searchParams.ts `flag`).
    search[key] = value === 'true' ? true : value === 'false' ? false : value;
  }
  return { path, search };
}
