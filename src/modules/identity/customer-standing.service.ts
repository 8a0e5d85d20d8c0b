import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run } from '../../platform/database/statement-executor';
import { KYC_TIERS, KycTier } from './user.entity';
import * as standing from './sql/customer-standing.queries';

const SQL = sqlStatements('identity', standing);

/** A customer as a compliance reviewer sees them: as they are now. */
export interface CustomerStandingOf {
  id: string;
  /** E.164. */
  phone: string;
  kycTier: KycTier;
}

/**
 * What compliance knows of a customer (sql/customer-standing.sql), so it never reads the
 * `users` table: how recently they registered, asked while a payment is screened, and their
 * phone and tier, by id in one statement, for the review queue. Any account, whatever its
 * role or status: a flag stays on the payment after the account changes.
 */
@Injectable()
export class CustomerStanding {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Whether the user registered less than `days` ago, counted back from the start of
   * `manager`'s transaction; false for no such user.
   */
  async registeredWithin(manager: EntityManager, userId: string, days: number): Promise<boolean> {
    const row = await one(executorOn(manager), SQL.registeredWithin, { userId, days });
    return row?.recent === true;
  }

  /** Id -> customer, for the ids that are users. */
  async standingOf(ids: readonly string[]): Promise<Map<string, CustomerStandingOf>> {
    if (ids.length === 0) return new Map();
    const rows = await run(executorOn(this.dataSource.manager), SQL.standingById, { ids: [...new Set(ids)] });
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, phone: row.phone, kycTier: oneOf(KYC_TIERS, row.kyc_tier, 'users.kyc_tier') },
      ]),
    );
  }
}
