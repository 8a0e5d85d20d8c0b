/**
 * The agents context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { AgentsModule } from './agents.module';
export { AgentFloatService, type CashPosition, type TopUpRequest } from './agent-float.service';
export { AgentPaymentsService } from './agent-payments.service';
export { AGENT_EVENTS } from './agents.events';
export { AGENT_ERROR_CODES, AgentError } from './agents.errors';
