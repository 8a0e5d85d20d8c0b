/**
 * The agents context's outbox events.
 *
 * - `agent.float_topped_up`: an agent's float was credited with cash they deposited
 *   (`topUpId`, `agentId`, `amount` in minor units, `currency`, `reference`).
 */
export const AGENT_EVENTS = {
  floatToppedUp: 'agent.float_topped_up',
} as const;
