import { createAgent } from '../factories/agent.factory';
import { type Fixture, newBiller, targetOf, unique } from './fixture-kit';

/** The agent and admin-agent operations' good inputs. */
export const AGENT_FIXTURES: Record<string, Fixture> = {
  // An agent of the fixture's own whose float covers the example (5,000.00 and its fee).
  Agent_pay: async (context) => {
    const agent = await createAgent(targetOf(context), { float: 1_000_000 });
    return {
      headers: { authorization: agent.headers.Authorization, 'Idempotency-Key': unique('contract-agent') },
      body: { biller: (await newBiller(context)).slug },
    };
  },
  AdminAgents_topUp: async (context) => ({
    pathParams: { userId: (await createAgent(targetOf(context))).userId },
  }),
};
