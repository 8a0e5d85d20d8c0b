import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { LedgerModule } from '../ledger';
import { OutboxAdminService } from './outbox-admin.service';

/** Operators' views of the platform: the event outbox and the ledger check. Services only; the routes are in OperationsHttpModule. */
@Module({
  imports: [AdminAuditModule, LedgerModule],
  providers: [OutboxAdminService],
  exports: [OutboxAdminService, LedgerModule],
})
export class OperationsModule {}
