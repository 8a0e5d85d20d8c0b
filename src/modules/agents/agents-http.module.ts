import { Module } from '@nestjs/common';
import { AdminAgentsController } from './admin-agents.controller';
import { AgentController } from './agent.controller';
import { AgentsModule } from './agents.module';

/** The agent and admin-agent routes; only ApiModule imports it. */
@Module({
  imports: [AgentsModule],
  controllers: [AgentController, AdminAgentsController],
})
export class AgentsHttpModule {}
