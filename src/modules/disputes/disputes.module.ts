import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { CustomerContactsModule } from '../identity';
import { PaymentsModule } from '../payments';
import { DisputeRepository } from './dispute.repository';
import { DISPUTE_ENTITIES } from './disputes.entities';
import { DisputesService } from './disputes.service';
import './disputes.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { DisputesConfig } from './disputes.config';

/**
 * Payment disputes (DisputesService) with their SLA clocks. Services only; the routes are in
 * DisputesHttpModule and the SLA check's repeatable job in DisputesJobsModule.
 */
@Module({
  imports: [
    ConfigModule.forFeature(DisputesConfig),
    TypeOrmModule.forFeature(DISPUTE_ENTITIES),
    PaymentsModule,
    CustomerContactsModule,
    OutboxModule,
    AdminAuditModule,
  ],
  providers: [DisputeRepository, DisputesService],
  exports: [DisputesService],
})
export class DisputesModule {}
