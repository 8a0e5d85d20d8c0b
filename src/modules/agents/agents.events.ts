/**
 * The agents context's outbox events.
 *
 * - `agent.float_topped_up`: an agent's float was credited with cash they deposited.
 */
export const AGENT_EVENTS = {
  floatToppedUp: 'agent.float_topped_up',
} as const;

export interface AgentFloatTopUpPayload {
  topUpId: string;
  agentId: string;
  /** Minor units, as an integer. */
  amount: number;
  currency: string;
  reference: string;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [AGENT_EVENTS.floatToppedUp]: AgentFloatTopUpPayload;
  }
}
