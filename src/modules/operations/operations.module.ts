import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { LedgerModule } from '../ledger';
import { PaymentsModule } from '../payments';
import { FunnelService } from './funnel.service';
import { MetricsService } from './metrics.service';
import { OutboxAdminService } from '../../platform/outbox/outbox-admin.service';

/** Operators' views of the platform: the event outbox and the ledger check. Services only; the routes are in OperationsHttpModule. */
@Module({
  imports: [AdminAuditModule, LedgerModule, PaymentsModule],
  providers: [OutboxAdminService, MetricsService, FunnelService],
  exports: [OutboxAdminService, MetricsService, FunnelService, LedgerModule],
})
export class OperationsModule {}
