import { DnsResolver, ResolvedAddress } from '../../src/platform/outbound/dns-resolver';

/**
 * DNS as the test says: a name resolves to the addresses set for it in `addresses` (IPv6 when the
 * address has a colon) and has the TXT records set for it in `txt`; any other name has none.
 */
export class TestDnsResolver extends DnsResolver {
  readonly addresses = new Map<string, string[]>();
  readonly txt = new Map<string, string[][]>();

  resolveAddresses(hostname: string): Promise<ResolvedAddress[]> {
    return Promise.resolve(
      (this.addresses.get(hostname) ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }

  resolveTxt(name: string): Promise<string[][]> {
    return Promise.resolve(this.txt.get(name) ?? []);
  }
}
