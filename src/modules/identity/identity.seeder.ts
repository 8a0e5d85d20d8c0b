import * as bcrypt from 'bcrypt';
import { EntityManager } from 'typeorm';
import type { UserRole } from '../../platform/auth/principal';
import type { AppConfig } from '../../platform/config/app-config';
import { FieldCipher } from '../../platform/crypto/field-cipher';
import { newId } from '../../platform/database/new-id';
import type { Seeder, SeedReport } from '../../platform/database/seeder';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one } from '../../platform/database/statement-executor';
import { KycSubmission, NATIONAL_ID_NUMBER_PURPOSE } from './kyc-submission.entity';
import { KycTier, newUser } from './user.entity';
import { UserRepository } from './user.repository';
import * as users from './sql/users.queries';

const SQL = sqlStatements('identity', users);

/** Seeds run without the app's configuration; demo PINs use the production default cost. */
const SEED_BCRYPT_COST = 10;

interface DemoUser {
  phone: string;
  pin: string;
  role: UserRole;
  kycTier: KycTier;
  displayName: string;
}

/** The demo agent's phone: the agents seeder tops up their float. */
export const DEMO_AGENT_PHONE = '+2348000000005';

/** The demo accounts the README's quick start logs in with. */
export const DEMO_USERS: readonly DemoUser[] = [
  { phone: '+2348000000001', pin: '135790', role: 'CUSTOMER', kycTier: 'TIER_1', displayName: 'Demo Customer' },
  { phone: '+2348000000009', pin: '246810', role: 'ADMIN', kycTier: 'TIER_0', displayName: 'Demo Admin' },
  { phone: '+2348000000007', pin: '975310', role: 'SUPPORT', kycTier: 'TIER_0', displayName: 'Demo Support' },
  { phone: DEMO_AGENT_PHONE, pin: '864200', role: 'AGENT', kycTier: 'TIER_0', displayName: 'Demo Agent' },
];

/**
 * A demo customer (TIER_1, with the KYC submission that got them there), a demo admin, a demo
 * support user (disputes) and a demo agent (its float is the agents seeder's).
 * A number already registered is left exactly as it is.
 */
export class IdentitySeeder implements Seeder {
  readonly name = 'identity';
  private readonly users = new UserRepository();
  private readonly cipher: FieldCipher;

  /** `config`: the KEY_HASH_SECRET the API runs with, which the demo national id is encrypted under. */
  constructor(config: Pick<AppConfig, 'KEY_HASH_SECRET'>) {
    this.cipher = new FieldCipher(config as AppConfig);
  }

  async run(manager: EntityManager): Promise<SeedReport> {
    const report: SeedReport = { created: 0, existing: 0 };
    for (const demo of DEMO_USERS) {
      const now = new Date();
      const user = newUser({
        phone: demo.phone,
        role: demo.role,
        now,
        pinHash: await bcrypt.hash(demo.pin, SEED_BCRYPT_COST),
        kycTier: demo.kycTier,
        displayName: demo.displayName,
      });
      if (!(await this.users.insertIfPhoneFree(manager, user))) {
        report.existing += 1;
        continue;
      }
      if (demo.kycTier === 'TIER_1') await manager.insert(KycSubmission, this.demoKyc(user.id, now));
      report.created += 1;
    }
    return report;
  }

  private demoKyc(userId: string, now: Date): KycSubmission {
    const id = newId();
    return Object.assign(new KycSubmission(), {
      id,
      userId,
      tier: 'TIER_1',
      legalName: 'Demo Customer',
      dateOfBirth: '1990-01-01',
      nationalIdType: 'NIN',
      nationalIdNumberEncrypted: this.cipher.encrypt(NATIONAL_ID_NUMBER_PURPOSE, id, '00000000001'),
      addressLine1: '1 Demo Street',
      addressLine2: null,
      city: 'Lagos',
      state: 'Lagos',
      postalCode: null,
      country: 'NG',
      createdAt: now,
    } satisfies KycSubmission);
  }
}

/**
 * The id of the AGENT with this phone, or null: how a seeder of another context (the demo
 * agent's float) finds the demo agent this seeder made, on the seed's transaction.
 */
export async function agentIdByPhone(manager: EntityManager, phone: string): Promise<string | null> {
  return (await one(executorOn(manager), SQL.agentIdByPhone, { phone }))?.id ?? null;
}
