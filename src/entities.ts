import { AGENT_ENTITIES } from './modules/agents/agents.entities';
import { BILLER_ENTITIES } from './modules/billers/billers.entities';
import { BILL_ENTITIES } from './modules/bills/bills.entities';
import { COMPLIANCE_ENTITIES } from './modules/compliance/compliance.entities';
import { MERCHANT_ENTITIES } from './modules/merchants/merchants.entities';
import { DISPUTE_ENTITIES } from './modules/disputes/disputes.entities';
import { HOUSEHOLD_ENTITIES } from './modules/households/households.entities';
import { IDENTITY_ENTITIES } from './modules/identity/identity.entities';
import { LEDGER_ENTITIES } from './modules/ledger/ledger.entities';
import { NOTIFICATION_ENTITIES } from './modules/notifications/notifications.entities';
import { PAYMENT_ENTITIES } from './modules/payments/payments.entities';
import { SCHEDULE_ENTITIES } from './modules/schedules/schedules.entities';
import { PLATFORM_ENTITIES } from './platform/database/platform-entities';

/**
 * Every table's entity, for the processes that open a data source outside Nest (the TypeORM
 * CLI, the seed and ledger-check commands). The applications need no list: each context's
 * module registers its own entities (TypeOrmModule.forFeature) and the connection loads them
 * (`autoLoadEntities`). A new context adds its `<context>.entities.ts` list here.
 */
export const ALL_ENTITIES = [
  ...PLATFORM_ENTITIES,
  ...IDENTITY_ENTITIES,
  ...LEDGER_ENTITIES,
  ...BILLER_ENTITIES,
  ...PAYMENT_ENTITIES,
  ...BILL_ENTITIES,
  ...SCHEDULE_ENTITIES,
  ...DISPUTE_ENTITIES,
  ...AGENT_ENTITIES,
  ...HOUSEHOLD_ENTITIES,
  ...NOTIFICATION_ENTITIES,
  ...COMPLIANCE_ENTITIES,
  ...MERCHANT_ENTITIES,
];
