import { Module } from '@nestjs/common';
import { BillersHttpModule } from './modules/billers/billers-http.module';
import { IdentityModule } from './modules/identity/identity.module';
import { HttpPlatformModule } from './platform/http/http-platform.module';
import { DevMailboxModule } from './platform/messaging/dev-mailbox.module';
import { PlatformModule } from './platform/platform.module';

/** The HTTP API: the platform and every context's controllers. */
@Module({
  imports: [PlatformModule, HttpPlatformModule, DevMailboxModule, IdentityModule, BillersHttpModule],
})
export class ApiModule {}
