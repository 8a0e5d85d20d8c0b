/* @name LockAgentFloat */
-- Serializes the top-ups of one agent's float until the transaction ends (AgentFloatService.topUp).
SELECT pg_advisory_xact_lock(hashtextextended('agent-float:' || :agentId!, 0)) AS "locked!";
