import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { MerchantApiKey } from './merchant-api-key.entity';
import * as apiKeys from './sql/api-keys.queries';

/** What verification needs of an active key. */
export interface ActiveKeyCandidate {
  id: string;
  merchantId: string;
  livemode: boolean;
  secretHash: string;
}

const SQL = sqlStatements('merchants', apiKeys);

/** Named queries on the merchants context's API keys. */
@Injectable()
export class MerchantApiKeysRepository {
  /** Active keys with this visible prefix: almost always one (the prefix carries 36 random bits). */
  async activeByPrefix(manager: EntityManager, prefix: string): Promise<ActiveKeyCandidate[]> {
    const rows = await run(executorOn(manager), SQL.activeKeysByPrefix, { prefix });
    return rows.map(
      (row) =>
        ({
          id: row.id,
          merchantId: row.merchant_id,
          livemode: row.livemode,
          secretHash: row.secret_hash,
        }) satisfies ActiveKeyCandidate,
    );
  }

  /** The merchant's keys, active and revoked, newest first. */
  listOf(manager: EntityManager, merchantId: string): Promise<MerchantApiKey[]> {
    return manager.find(MerchantApiKey, { where: { merchantId }, order: { createdAt: 'DESC', id: 'DESC' }, take: 200 });
  }

  countActive(manager: EntityManager, merchantId: string, livemode: boolean): Promise<number> {
    return manager.count(MerchantApiKey, { where: { merchantId, livemode, revokedAt: IsNull() } });
  }

  async insert(manager: EntityManager, key: MerchantApiKey): Promise<void> {
    await manager.insert(MerchantApiKey, key);
  }

  lockActive(manager: EntityManager, merchantId: string, id: string): Promise<MerchantApiKey | null> {
    return manager.findOne(MerchantApiKey, {
      where: { id, merchantId, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async revoke(manager: EntityManager, key: MerchantApiKey, now: Date): Promise<MerchantApiKey> {
    await manager.update(MerchantApiKey, { id: key.id }, { revokedAt: now, revokedReason: 'REVOKED_BY_MERCHANT' });
    return { ...key, revokedAt: now, revokedReason: 'REVOKED_BY_MERCHANT' };
  }

  /** Revokes the merchant's active live keys (MERCHANT_REJECTED); answers their digests. */
  async revokeLive(manager: EntityManager, merchantId: string, now: Date): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.revokeLiveKeys, { merchantId, now });
    return rows.map((row) => row.secret_hash);
  }

  /** Moves each key's `last_used_at` forward (never back) in one statement. */
  async recordUse(manager: EntityManager, ids: string[], times: Date[]): Promise<void> {
    await run(executorOn(manager), SQL.recordKeyUse, { ids, times });
  }
}
