import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { MerchantApiKey } from './merchant-api-key.entity';

/** What verification needs of an active key. */
export interface ActiveKeyCandidate {
  id: string;
  merchantId: string;
  livemode: boolean;
  secretHash: string;
}

/** Named queries on the merchants context's API keys. */
@Injectable()
export class MerchantApiKeysRepository {
  /** Active keys with this visible prefix: almost always one (the prefix carries 36 random bits). */
  async activeByPrefix(manager: EntityManager, prefix: string): Promise<ActiveKeyCandidate[]> {
    const rows = await manager.query<{ id: string; merchant_id: string; livemode: boolean; secret_hash: string }[]>(
      `SELECT id, merchant_id, livemode, secret_hash FROM merchant_api_keys WHERE prefix = $1 AND revoked_at IS NULL`,
      [prefix],
    );
    return rows.map((row) => ({
      id: row.id,
      merchantId: row.merchant_id,
      livemode: row.livemode,
      secretHash: row.secret_hash,
    }));
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

  async revokeLive(manager: EntityManager, merchantId: string, now: Date): Promise<number> {
    const result = await manager.update(
      MerchantApiKey,
      { merchantId, livemode: true, revokedAt: IsNull() },
      { revokedAt: now, revokedReason: 'MERCHANT_REJECTED' },
    );
    return result.affected ?? 0;
  }

  /** Moves each key's `last_used_at` forward (never back) in one statement. */
  async recordUse(manager: EntityManager, ids: string[], times: Date[]): Promise<void> {
    await manager.query(
      `UPDATE merchant_api_keys k
          SET last_used_at = GREATEST(k.last_used_at, u.used_at)
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u (id, used_at)
        WHERE k.id = u.id`,
      [ids, times],
    );
  }
}
