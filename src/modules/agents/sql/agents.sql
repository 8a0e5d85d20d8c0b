/* @name LockAgentFloat */
-- Serializes the top-ups of one agent's float until the transaction ends (AgentFloatService.topUp).
SELECT pg_advisory_xact_lock(hashtextextended('agent-float:' || :agentId!, 0)) AS "locked!";

/* @name AgentByPhone */
-- The seed's demo agent (AgentFloatSeeder), found without the identity context's app services.
SELECT id FROM users WHERE phone = :phone! AND role = 'AGENT';
