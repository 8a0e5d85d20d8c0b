import { Module } from '@nestjs/common';
import { ComplianceController } from './compliance.controller';
import { ComplianceModule } from './compliance.module';
import { ConfigModule } from '../../platform/config/config.module';
import { ComplianceConfig } from './compliance.config';

/** The compliance routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(ComplianceConfig), ComplianceModule],
  controllers: [ComplianceController],
})
export class ComplianceHttpModule {}
