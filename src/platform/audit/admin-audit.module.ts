import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditEntry } from './admin-audit-entry.entity';
import { AdminAuditWriter } from './admin-audit.writer';

/** The admin audit trail writer, for every context with admin writes. */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntry])],
  providers: [AdminAuditWriter],
  exports: [AdminAuditWriter],
})
export class AdminAuditModule {}
