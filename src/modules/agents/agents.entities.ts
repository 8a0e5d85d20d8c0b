import { FloatTopUp } from './float-top-up.entity';

/** The agents context's tables, registered by AgentsModule (TypeOrmModule.forFeature). */
export const AGENT_ENTITIES = [FloatTopUp];
