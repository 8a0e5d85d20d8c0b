import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { LedgerModule } from '../ledger/ledger.module';
import { OperationsController } from './operations.controller';
import { OutboxAdminService } from './outbox-admin.service';

/** Operators' views of the platform: the event outbox and the ledger check. */
@Module({
  imports: [AdminAuditModule, LedgerModule],
  controllers: [OperationsController],
  providers: [OutboxAdminService],
})
export class OperationsModule {}
