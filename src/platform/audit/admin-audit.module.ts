import { Module } from '@nestjs/common';
import { AdminAuditWriter } from './admin-audit.writer';

/** The admin audit trail writer, for every context with admin writes. */
@Module({
  providers: [AdminAuditWriter],
  exports: [AdminAuditWriter],
})
export class AdminAuditModule {}
