import { Module } from '@nestjs/common';
import { BillersHttpModule } from './modules/billers/billers-http.module';
import { IdentityModule } from './modules/identity/identity.module';
import { NotificationsHttpModule } from './modules/notifications/notifications-http.module';
import { OperationsModule } from './modules/operations/operations.module';
import { PaymentsHttpModule } from './modules/payments/payments-http.module';
import { HttpPlatformModule } from './platform/http/http-platform.module';
import { DevMailboxModule } from './platform/messaging/dev-mailbox.module';
import { PlatformModule } from './platform/platform.module';

/** The HTTP API: the platform and every context's controllers. */
@Module({
  imports: [
    PlatformModule,
    HttpPlatformModule,
    DevMailboxModule,
    IdentityModule,
    BillersHttpModule,
    NotificationsHttpModule,
    PaymentsHttpModule,
    OperationsModule,
  ],
})
export class ApiModule {}
