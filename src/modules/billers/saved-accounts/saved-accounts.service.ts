import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { matchesAccountReference } from '../catalogue/account-reference-pattern';
import { BillerCategoryRepository } from '../catalogue/biller-category.repository';
import { BillerRepository } from '../catalogue/biller.repository';
import { BillerError } from '../billers.errors';
import { SavedAccountRepository, SavedAccountRow } from './saved-account.repository';
import { SavedBillerAccount } from './saved-biller-account.entity';

/** A customer keeps at most this many saved accounts; GET /saved-accounts returns them all. */
export const MAX_SAVED_ACCOUNTS = 100;

export interface NewSavedAccount {
  billerId: string;
  accountReference: string;
  nickname?: string;
}

/**
 * Customers' saved biller accounts. Every query is scoped to the customer: another
 * customer's id is "not found", never the object. Saving checks the reference against the
 * biller's pattern (not with the biller: that is what account validation is for).
 */
@Injectable()
export class SavedAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly savedAccounts: SavedAccountRepository,
    private readonly billers: BillerRepository,
    private readonly categories: BillerCategoryRepository,
    private readonly clock: Clock,
  ) {}

  list(customerUserId: string): Promise<SavedAccountRow[]> {
    return this.savedAccounts.listOwnedBy(this.dataSource.manager, customerUserId, MAX_SAVED_ACCOUNTS);
  }

  async save(customerUserId: string, request: NewSavedAccount): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const biller = await this.billers.findById(manager, request.billerId);
      const category = biller ? await this.categories.findById(manager, biller.categoryId) : null;
      if (!biller || !category || !biller.active || !category.active) throw BillerError.billerNotFound('billerId');
      if (!matchesAccountReference(biller.accountReferencePattern, request.accountReference)) {
        throw BillerError.referenceMismatch(biller.accountReferenceLabel);
      }
      await this.savedAccounts.lockCustomer(manager, customerUserId);
      if ((await this.savedAccounts.countOwnedBy(manager, customerUserId)) >= MAX_SAVED_ACCOUNTS) {
        throw new BillerError('CONFLICT', `A customer keeps at most ${MAX_SAVED_ACCOUNTS} saved accounts`, [
          { field: 'savedAccounts', message: `at most ${MAX_SAVED_ACCOUNTS}` },
        ]);
      }
      const now = this.clock.now();
      const inserted = await this.savedAccounts.insertIfNew(
        manager,
        Object.assign(new SavedBillerAccount(), {
          id: newId(),
          customerUserId,
          billerId: biller.id,
          accountReference: request.accountReference,
          nickname: request.nickname ?? null,
          createdAt: now,
          updatedAt: now,
        }),
      );
      if (!inserted) {
        throw new BillerError('CONFLICT', 'This account of this biller is already saved', [
          { field: 'accountReference', message: 'is already saved for this biller' },
        ]);
      }
    });
  }

  async rename(customerUserId: string, id: string, nickname: string | null): Promise<void> {
    const renamed = await this.savedAccounts.renameOwned(
      this.dataSource.manager,
      id,
      customerUserId,
      nickname,
      this.clock.now(),
    );
    if (!renamed) throw BillerError.savedAccountNotFound();
  }

  /** The biller and reference of one of the customer's saved accounts; 404 for anyone else's. */
  async findOwned(customerUserId: string, id: string): Promise<{ billerId: string; accountReference: string }> {
    const account = await this.savedAccounts.findOwned(this.dataSource.manager, id, customerUserId);
    if (!account) throw BillerError.savedAccountNotFound();
    return account;
  }

  /**
   * Account reference -> the customers who saved it for `billerId`, for the bills context's
   * resolution of a biller's batch in one query. Identifies customers only to trusted callers.
   */
  async holdersOf(billerId: string, accountReferences: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (accountReferences.length === 0) return found;
    for (const row of await this.savedAccounts.holdersOf(this.dataSource.manager, billerId, accountReferences)) {
      const holders = found.get(row.accountReference) ?? [];
      holders.push(row.customerUserId);
      found.set(row.accountReference, holders);
    }
    return found;
  }

  async remove(customerUserId: string, id: string): Promise<void> {
    const removed = await this.savedAccounts.deleteOwned(this.dataSource.manager, id, customerUserId);
    if (!removed) throw BillerError.savedAccountNotFound();
  }
}
