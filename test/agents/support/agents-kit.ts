import { PostingService } from '../../../src/modules/payments/posting/posting.service';
import { createAgent, postAgentPayment } from '../../factories/agent.factory';
import { BillerBody, createBiller } from '../../factories/biller.factory';
import { createCustomer, SignedInUser } from '../../factories/customer.factory';
import { createStaffUser } from '../../factories/staff-user.factory';
import { createTestHarness, SimulatedBillers, TestHarness } from '../../support/test-harness';
import type { Test } from 'supertest';

export interface AgentsApp extends TestHarness, SimulatedBillers {
  admin: SignedInUser;
  posting: PostingService;
  /**
   * A biller on the simulator: fee 100 flat + 1% (1,100 on 1,000.00), agent commission 500
   * flat + 0.5% (1,000 on 1,000.00), 1,000.00 to 500,000.00.
   */
  biller: BillerBody;
  newAgent(float?: number): Promise<SignedInUser>;
  newCustomer(): Promise<SignedInUser>;
  /** `POST /agent/payments` to `biller` unless the body names another. */
  pay(agent: SignedInUser, body?: Record<string, unknown>, key?: string | null): Test;
}

/**
 * The real app with agents' limits of 1,500,000 per payment and 3,000,000 a day (NGN minor
 * units), a biller simulator, an admin and a biller paying agents a commission.
 */
export async function createAgentsApp(config: Record<string, string> = {}): Promise<AgentsApp> {
  const harness = await createTestHarness({
    config: {
      POSTING_BACKOFF_BASE_MS: '0',
      PAYMENT_DUPLICATE_WINDOW_SECONDS: '0',
      AGENT_PER_PAYMENT_LIMIT: '1500000',
      AGENT_DAILY_LIMIT: '3000000',
      AGENT_FLOAT_LIMIT: '20000000',
      ...config,
    },
    simulator: {},
  });
  const admin = await createStaffUser(harness, 'ADMIN');
  const target = { ...harness, admin };
  const biller = await createBiller(target, {
    slug: `${harness.prefix}-cash`,
    feeFlat: 100,
    feePercentBps: 100,
    agentCommissionFlat: 500,
    agentCommissionBps: 50,
  });
  return {
    ...harness,
    admin,
    posting: harness.app.get(PostingService),
    biller,
    newAgent: (float = 0) => createAgent(target, { float }),
    newCustomer: () => createCustomer(harness),
    pay: (agent, body = {}, key) => postAgentPayment(target, agent, { biller: biller.slug, ...body }, key),
  };
}
