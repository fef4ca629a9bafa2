import ipaddr from 'ipaddr.js';

/**
 * Which peers' X-Forwarded-For the API believes (Express's 'trust proxy'): `false` (none: the
 * socket's address is the client's), a number of hops, or the proxies' addresses (names, IPs,
 * CIDRs). A peer outside the list is the client, whatever X-Forwarded-For it sends.
 */
export type TrustProxy = false | number | string[];

/** Express's names for the loopback, link-local and private (RFC 1918, fc00::/7) ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** The default: a proxy on this machine or a private network (nginx beside the API, the compose network). */
export const DEFAULT_TRUST_PROXY: string[] = RANGE_NAMES;

/**
 * TRUST_PROXY: unset or `true` → the default ranges; `false`/`no` → none; digits → that many hops
 * (whoever the peer is, so only for an API no client reaches directly); otherwise a comma list of
 * range names, addresses and CIDRs. `true` no longer means "believe any peer": that let a client
 * reaching the port directly choose its own address.
 */
export function parseTrustProxy(raw: string | null, problems: string[]): TrustProxy {
  if (raw === null || ['true', 'yes'].includes(raw.toLowerCase())) return DEFAULT_TRUST_PROXY;
  if (['false', 'no', 'none'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !RANGE_NAMES.includes(entry.toLowerCase()) && !isAddressOrCidr(entry));
  if (!entries.length || bad.length) {
    problems.push(
      `TRUST_PROXY must be false, a number of hops, or a comma list of ${RANGE_NAMES.join(', ')}, addresses and CIDRs (bad: ${bad.join(', ') || raw})`,
    );
    return DEFAULT_TRUST_PROXY;
  }
  return entries.map((entry) => (RANGE_NAMES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function isAddressOrCidr(entry: string): boolean {
  if (!entry.includes('/')) return ipaddr.isValid(entry);
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}
