import ipaddr from 'ipaddr.js';

/** What an outbound request may reach besides the public internet. */
export interface AddressPolicy {
  /**
   * Lets loopback addresses (127.0.0.0/8, ::1) through, for tests that run the far end on this
   * machine. Never in production: the owning context's configuration refuses it there.
   */
  allowLoopback: boolean;
}

/**
 * IPv4-compatible IPv6 (`::a.b.c.d`, deprecated by RFC 4291): ipaddr.js counts it unicast, but it
 * carries an IPv4 address like the mapped form does, so it is refused as well.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

export const PUBLIC_ONLY: AddressPolicy = { allowLoopback: false };

/**
 * Why `address` may not be connected to, as ipaddr.js names its range (`private`, `loopback`,
 * `linkLocal`, `carrierGradeNat`, `uniqueLocal`, `rfc6052`...), or null when it may.
 *
 * Only ipaddr.js's `unicast` passes: the public unicast space, nothing special. IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries; the translation forms (NAT64
 * `64:ff9b::/96` and `64:ff9b:1::/48`, SIIT `::ffff:0:0:0/96`, 6to4, Teredo) and the
 * deprecated IPv4-compatible `::a.b.c.d` are refused outright, as they can lead to any IPv4
 * address. Anything that does not parse is refused (`invalid`), and so are the legacy IPv4
 * spellings (`0x7f.1`, `2130706433`) ipaddr.js would otherwise read.
 */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return range;
}
