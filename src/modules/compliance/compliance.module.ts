import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { CustomerContactsModule } from '../identity';
import { PaymentScreening, PaymentsModule } from '../payments';
import { AmlFlagRepository } from './aml-flag.repository';
import { AmlScreening } from './aml-screening.service';
import { COMPLIANCE_ENTITIES } from './compliance.entities';
import { ComplianceService } from './compliance.service';
import './compliance.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { ComplianceConfig } from './compliance.config';

/**
 * AML screening of every payment the payment core accepts (AmlScreening, bound to the payments
 * context's PaymentScreening port) and the review queue (ComplianceService). Services only; the
 * routes are in ComplianceHttpModule.
 *
 * Global so the PaymentScreening binding reaches the payment core: PaymentsModule cannot import
 * this module (this one imports it for the holds). An application that loads the payment core
 * without this module does not boot: the API, the worker (which pays schedules) and the CLI
 * commands all load it, so every channel is screened.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forFeature(ComplianceConfig),
    TypeOrmModule.forFeature(COMPLIANCE_ENTITIES),
    PaymentsModule,
    CustomerContactsModule,
    AdminAuditModule,
  ],
  providers: [
    AmlFlagRepository,
    AmlScreening,
    { provide: PaymentScreening, useExisting: AmlScreening },
    ComplianceService,
  ],
  exports: [ComplianceService, AmlScreening, PaymentScreening],
})
export class ComplianceModule {}
