import type { EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../platform/database/seeder';
import { agentIdByPhone } from '../identity';
import { LedgerService } from '../ledger';
import { floatTopUpEntry } from '../payments';
import { FloatTopUp } from './float-top-up.entity';

/** The demo agent's float: 500,000.00 in the seed's currency, credited once under its reference. */
export const DEMO_FLOAT = { amount: 50_000_000, reference: 'seed-demo-float' } as const;

/**
 * Tops up the demo agent's float, as an admin's top-up would (the same journal entry), unless
 * the seed did already. Runs without the app: it finds the agent by phone through identity's
 * `agentIdByPhone` (the seed's own demo user) and posts through a LedgerService on the seed's transaction.
 */
export class AgentFloatSeeder implements Seeder {
  readonly name = 'agent-float';

  constructor(
    private readonly agentPhone: string,
    private readonly currency: string,
  ) {}

  async run(manager: EntityManager): Promise<SeedReport> {
    const agentId = await agentIdByPhone(manager, this.agentPhone);
    if (agentId === null) return { created: 0, existing: 0 };
    const existing = await manager.findOne(FloatTopUp, {
      where: { agentId, reference: DEMO_FLOAT.reference },
    });
    if (existing) return { created: 0, existing: 1 };
    const id = newId();
    const topUp = {
      id,
      agentId,
      amount: DEMO_FLOAT.amount,
      currency: this.currency,
      reference: DEMO_FLOAT.reference,
    };
    const journalEntryId = await new LedgerService(manager.connection).post(manager, floatTopUpEntry(topUp));
    await manager.insert(FloatTopUp, { ...topUp, journalEntryId, createdBy: null, createdAt: new Date() });
    return { created: 1, existing: 0 };
  }
}
