import { Module } from '@nestjs/common';
import { DnsResolver, SystemDnsResolver } from './dns-resolver';
import { GuardedHttpClient } from './guarded-http-client';
import { OutboundTrust } from './outbound-trust';

/**
 * Requests this service makes to addresses its users name (merchant origin checks, webhook
 * deliveries): the DNS resolver and the guarded HTTPS client (`README.md`). Imported by the
 * contexts that need them. `OutboundTrust` is what the client trusts beyond public addresses:
 * nothing, unless a test overrides it.
 */
@Module({
  providers: [
    { provide: DnsResolver, useClass: SystemDnsResolver },
    { provide: OutboundTrust, useValue: new OutboundTrust() },
    GuardedHttpClient,
  ],
  exports: [DnsResolver, GuardedHttpClient, OutboundTrust],
})
export class OutboundModule {}
