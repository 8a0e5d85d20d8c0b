import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { SavedBillerAccount } from './saved-biller-account.entity';
import * as savedAccounts from './sql/saved-accounts.queries';

const SQL = sqlStatements('billers', savedAccounts);

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

/** Named queries on `saved_biller_accounts`; every one is scoped to the owning customer. */
@Injectable()
export class SavedAccountRepository {
  async listOwnedBy(manager: EntityManager, customerUserId: string, limit: number): Promise<SavedAccountRow[]> {
    const rows = await run(executorOn(manager), SQL.savedAccountsOwnedBy, { customerUserId, limit });
    return rows.map(
      (row) =>
        ({
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
        }) satisfies SavedAccountRow,
    );
  }

  /**
   * Serialises the saves of one customer until the transaction ends, so the count checked
   * against the limit cannot be passed by saves running side by side.
   */
  async lockCustomer(manager: EntityManager, customerUserId: string): Promise<void> {
    await run(executorOn(manager), SQL.lockCustomerSavedAccounts, { customerUserId });
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
    const rows = await run(executorOn(manager), SQL.savedAccountHolders, {
      billerId,
      accountReferences: [...new Set(accountReferences)],
    });
    return rows.map((row) => ({ accountReference: row.account_reference, customerUserId: row.customer_user_id }));
  }

  async deleteOwned(manager: EntityManager, id: string, customerUserId: string): Promise<boolean> {
    const result = await manager.delete(SavedBillerAccount, { id, customerUserId });
    return (result.affected ?? 0) > 0;
  }
}
