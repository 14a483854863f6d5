import { BlockList, isIP } from 'node:net';

/** The names proxy-addr (Fastify's `trustProxy`) knows for whole ranges of private addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of an address list: an IPv4 or IPv6 address, or one with a `/prefix` (CIDR). */
export function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** "a, b,,c" → ["a", "b", "c"]. */
export function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it (README "Configuration", ADR 0014): unset or
 * `off` trusts nobody, so the address is the socket's; a whole number trusts that many proxy
 * hops; otherwise the proxies' addresses or CIDRs (or loopback, linklocal, uniquelocal).
 * "Trust every proxy" is not offered: anyone could then choose the address rate limits see.
 * Null when the text is none of these.
 */
export function parseTrustProxy(text: string | undefined): false | number | string[] | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed === 'off') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops === 0 ? false : hops <= 10 ? hops : null;
  }
  const entries = splitList(trimmed);
  return entries.every((entry) => RANGE_NAMES.has(entry) || isAddressOrCidr(entry))
    ? entries
    : null;
}

/**
 * TRUST_PROXY as Fastify's option: a hop count becomes the function proxy-addr calls for each
 * hop (Fastify's types take no number, though its runtime does the same with one).
 */
export function fastifyTrustProxy(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** True for an address inside one of the entries (addresses or CIDRs, already checked). */
export function addressMatcher(entries: readonly string[]): (ip: string | null) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    if (!ip) return false;
    const address = plainAddress(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
