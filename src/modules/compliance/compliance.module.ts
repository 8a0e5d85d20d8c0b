import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { PaymentScreeningRegistry, PaymentsModule } from '../payments';
import { AmlFlagRepository } from './aml-flag.repository';
import { AmlScreening } from './aml-screening.service';
import { COMPLIANCE_ENTITIES } from './compliance.entities';
import { ComplianceService } from './compliance.service';
import './compliance.errors';

/**
 * AML screening of every payment the payment core accepts (AmlScreening, plugged into the
 * payments context's PaymentScreening port when the module starts) and the review queue
 * (ComplianceService). Services only; the routes are in ComplianceHttpModule. Both the API and
 * the worker (which pays schedules) load it, so every channel is screened.
 */
@Module({
  imports: [TypeOrmModule.forFeature(COMPLIANCE_ENTITIES), PaymentsModule, AdminAuditModule],
  providers: [AmlFlagRepository, AmlScreening, ComplianceService],
  exports: [ComplianceService, AmlScreening],
})
export class ComplianceModule implements OnModuleInit {
  constructor(
    private readonly registry: PaymentScreeningRegistry,
    private readonly screening: AmlScreening,
  ) {}

  onModuleInit(): void {
    this.registry.use(this.screening);
  }
}
