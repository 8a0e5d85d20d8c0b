import { Module } from '@nestjs/common';
import { DnsResolver, SystemDnsResolver } from './dns-resolver';
import { GuardedHttpClient } from './guarded-http-client';

/**
 * Requests this service makes to addresses its users name (merchant origin checks, webhook
 * deliveries): the DNS resolver and the guarded HTTPS client (`README.md`). Imported by the
 * contexts that need them.
 */
@Module({
  providers: [{ provide: DnsResolver, useClass: SystemDnsResolver }, GuardedHttpClient],
  exports: [DnsResolver, GuardedHttpClient],
})
export class OutboundModule {}
