/** Types generated for queries found in "src/modules/agents/sql/agents.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

/** 'LockAgentFloat' parameters type */
export interface LockAgentFloatParams {
  agentId: string;
}

/** 'LockAgentFloat' return type */
export interface LockAgentFloatResult {
  locked: undefined;
}

/** 'LockAgentFloat' query type */
export interface LockAgentFloatQuery {
  params: LockAgentFloatParams;
  result: LockAgentFloatResult;
}

const lockAgentFloatIR: any = {"usedParamSet":{"agentId":true},"params":[{"name":"agentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":165,"b":173}]}],"statement":"-- Serializes the top-ups of one agent's float until the transaction ends (AgentFloatService.topUp).\nSELECT pg_advisory_xact_lock(hashtextextended('agent-float:' || :agentId!, 0)) AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serializes the top-ups of one agent's float until the transaction ends (AgentFloatService.topUp).
 * SELECT pg_advisory_xact_lock(hashtextextended('agent-float:' || :agentId!, 0)) AS "locked!"
 * ```
 */
export const lockAgentFloat = new PreparedQuery<LockAgentFloatParams,LockAgentFloatResult>(lockAgentFloatIR);


