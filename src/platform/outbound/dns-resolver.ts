import { Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';

/** One address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The DNS answers outbound requests and ownership checks rely on. Bound to `SystemDnsResolver`;
 * tests replace it (`overrideProvider(DnsResolver)`) to make a name resolve to an address of
 * their choice, or a TXT record exist or not.
 */
export abstract class DnsResolver {
  /** The name's A and AAAA addresses; empty when it has none (NXDOMAIN, no data). */
  abstract resolveAddresses(hostname: string): Promise<ResolvedAddress[]>;
  /** The name's TXT records, each as its chunks; empty when it has none. */
  abstract resolveTxt(name: string): Promise<string[][]>;
}

/** Answers that mean "no such record" rather than "the lookup failed". */
const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * The system's DNS servers through `dns.promises.Resolver` (3 s per try, 2 tries), not
 * `getaddrinfo`: `/etc/hosts` and the local resolver's search domains play no part, so
 * `localhost` or a bare internal name does not resolve here.
 */
@Injectable()
export class SystemDnsResolver extends DnsResolver {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  async resolveAddresses(hostname: string): Promise<ResolvedAddress[]> {
    const [v4, v6] = await Promise.all([
      this.orNone(this.resolver.resolve4(hostname)),
      this.orNone(this.resolver.resolve6(hostname)),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  }

  resolveTxt(name: string): Promise<string[][]> {
    return this.orNone(this.resolver.resolveTxt(name));
  }

  private async orNone<T>(lookup: Promise<T[]>): Promise<T[]> {
    try {
      return await lookup;
    } catch (error) {
      if (NO_DATA.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}
