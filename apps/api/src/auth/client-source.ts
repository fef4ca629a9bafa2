import ipaddr from 'ipaddr.js';

/**
 * The source a login limit counts: the client's IPv4 /24 or IPv6 /64, written as the network
 * ('203.0.113.0/24', '2001:db8:1:2::/64'). One machine easily holds every address of its /24 or
 * /64 (an IPv6 host is usually handed a whole /64), so counting single addresses would let it
 * rotate the last bits and never be limited. An IPv4-mapped IPv6 address counts as its IPv4
 * address. Whatever is not an address (no socket, or a forged X-Forwarded-For entry a trusted hop
 * passed on) shares one source, 'unknown': rotating such strings gains nothing.
 */
export function clientSource(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') {
    const [a, b, c] = (ip as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toString()}/64`;
}

/** The client's address: the socket's, or X-Forwarded-For's entry left of the hops TRUST_PROXY trusts. */
export function clientAddress(request: { ip?: string; socket: { remoteAddress?: string } }): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
