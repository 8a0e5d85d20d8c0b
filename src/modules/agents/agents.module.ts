import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { CustomerContactsModule } from '../identity';
import { LedgerModule } from '../ledger';
import { PaymentsModule } from '../payments';
import { AgentFloatService } from './agent-float.service';
import { AgentPaymentsService } from './agent-payments.service';
import { AGENT_ENTITIES } from './agents.entities';
import './agents.errors';
import { ConfigModule } from '../../platform/config/config.module';
import { AgentsConfig } from './agents.config';

/**
 * Agents: their floats (AgentFloatService: cash position, top-ups) and the cash payments they
 * make through the payment core (AgentPaymentsService). Services only; the routes are in
 * AgentsHttpModule, the top-up task in `src/cli/agent-float.ts`.
 */
@Module({
  imports: [
    ConfigModule.forFeature(AgentsConfig),
    TypeOrmModule.forFeature(AGENT_ENTITIES),
    PaymentsModule,
    LedgerModule,
    CustomerContactsModule,
    OutboxModule,
    AdminAuditModule,
  ],
  providers: [AgentFloatService, AgentPaymentsService],
  exports: [AgentFloatService, AgentPaymentsService],
})
export class AgentsModule {}
