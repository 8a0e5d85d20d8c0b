import { Module } from '@nestjs/common';
import { ComplianceController } from './compliance.controller';
import { ComplianceModule } from './compliance.module';

/** The compliance routes; only ApiModule imports it. */
@Module({
  imports: [ComplianceModule],
  controllers: [ComplianceController],
})
export class ComplianceHttpModule {}
