import { Module } from '@nestjs/common';
import { AdminAgentsController } from './admin-agents.controller';
import { AgentController } from './agent.controller';
import { AgentsModule } from './agents.module';
import { ConfigModule } from '../../platform/config/config.module';
import { AgentsConfig } from './agents.config';

/** The agent and admin-agent routes; only ApiModule imports it. */
@Module({
  imports: [ConfigModule.forFeature(AgentsConfig), AgentsModule],
  controllers: [AgentController, AdminAgentsController],
})
export class AgentsHttpModule {}
