import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SavedBillerAccount } from './saved-biller-account.entity';

/** A saved account with what the app shows of its biller. */
export interface SavedAccountRow {
  id: string;
  billerId: string;
  billerSlug: string;
  billerName: string;
  billerLogoUrl: string | null;
  billerActive: boolean;
  billerAvailable: boolean;
  categorySlug: string;
  accountReferenceLabel: string;
  accountReference: string;
  nickname: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface RawSavedAccountRow {
  id: string;
  biller_id: string;
  biller_slug: string;
  biller_name: string;
  biller_logo_url: string | null;
  biller_active: boolean;
  biller_available: boolean;
  category_slug: string;
  account_reference_label: string;
  account_reference: string;
  nickname: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Named queries on `saved_biller_accounts`; every one is scoped to the owning customer. */
@Injectable()
export class SavedAccountRepository {
  async listOwnedBy(manager: EntityManager, customerUserId: string, limit: number): Promise<SavedAccountRow[]> {
    const rows = await manager.query<RawSavedAccountRow[]>(
      `SELECT s.id, s.biller_id, b.slug AS biller_slug, b.name AS biller_name, b.logo_url AS biller_logo_url,
              b.active AND c.active AS biller_active, b.available AS biller_available, c.slug AS category_slug,
              b.account_reference_label, s.account_reference, s.nickname, s.created_at, s.updated_at
         FROM saved_biller_accounts s
         JOIN billers b ON b.id = s.biller_id
         JOIN biller_categories c ON c.id = b.category_id
        WHERE s.customer_user_id = $1
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT $2`,
      [customerUserId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      billerId: row.biller_id,
      billerSlug: row.biller_slug,
      billerName: row.biller_name,
      billerLogoUrl: row.biller_logo_url,
      billerActive: row.biller_active,
      billerAvailable: row.biller_available,
      categorySlug: row.category_slug,
      accountReferenceLabel: row.account_reference_label,
      accountReference: row.account_reference,
      nickname: row.nickname,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  /**
   * Serialises the saves of one customer until the transaction ends, so the count checked
   * against the limit cannot be passed by saves running side by side.
   */
  async lockCustomer(manager: EntityManager, customerUserId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('saved-biller-accounts:' || $1, 0))`, [
      customerUserId,
    ]);
  }

  async countOwnedBy(manager: EntityManager, customerUserId: string): Promise<number> {
    return manager.countBy(SavedBillerAccount, { customerUserId });
  }

  /** Inserts unless the customer saved the same biller and reference already; says whether it did. */
  async insertIfNew(manager: EntityManager, account: SavedBillerAccount): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(SavedBillerAccount)
      .values(account)
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  async renameOwned(
    manager: EntityManager,
    id: string,
    customerUserId: string,
    nickname: string | null,
    now: Date,
  ): Promise<boolean> {
    const result = await manager.update(SavedBillerAccount, { id, customerUserId }, { nickname, updatedAt: now });
    return (result.affected ?? 0) > 0;
  }

  async findOwned(
    manager: EntityManager,
    id: string,
    customerUserId: string,
  ): Promise<{ billerId: string; accountReference: string } | null> {
    const account = await manager.findOneBy(SavedBillerAccount, { id, customerUserId });
    return account ? { billerId: account.billerId, accountReference: account.accountReference } : null;
  }

  /** Who saved which of these references of one biller (any number of customers per reference). */
  async holdersOf(
    manager: EntityManager,
    billerId: string,
    accountReferences: readonly string[],
  ): Promise<{ accountReference: string; customerUserId: string }[]> {
    const rows = await manager.query<{ account_reference: string; customer_user_id: string }[]>(
      `SELECT s.account_reference, s.customer_user_id
         FROM saved_biller_accounts s
        WHERE s.biller_id = $1 AND s.account_reference = ANY ($2::text[])`,
      [billerId, [...new Set(accountReferences)]],
    );
    return rows.map((row) => ({ accountReference: row.account_reference, customerUserId: row.customer_user_id }));
  }

  async deleteOwned(manager: EntityManager, id: string, customerUserId: string): Promise<boolean> {
    const result = await manager.delete(SavedBillerAccount, { id, customerUserId });
    return (result.affected ?? 0) > 0;
  }
}
