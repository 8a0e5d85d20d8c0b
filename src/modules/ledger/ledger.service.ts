import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '../../platform/database/new-id';
import { LedgerAccountType } from './ledger-account.entity';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one, run, StatementExecutor } from '../../platform/database/statement-executor';
import * as journal from './sql/journal.queries';

/** An account named by its code; it is opened on first use. */
export interface AccountRef {
  code: string;
  type: LedgerAccountType;
  currency: string;
}

export interface PostingLine {
  account: AccountRef;
  /** Minor units; debit positive, credit negative. */
  amount: bigint;
}

export interface Posting {
  kind: string;
  referenceType: string;
  referenceId: string;
  currency: string;
  memo?: string;
  lines: PostingLine[];
}

const SQL = sqlStatements('ledger', journal);

export class UnbalancedPostingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedPostingError';
  }
}

/**
 * Writes balanced journal entries in the caller's transaction. Balances are derived from the
 * lines (no balance row is updated), so concurrent payments never queue behind a hot account
 * row; the ledger check recomputes them. Account ids are cached once their rows are committed:
 * `openAccounts` opens accounts on a connection of its own before the caller's transaction, so
 * a posting then costs two statements (the entry and its lines) and never waits for a second
 * connection while it holds one (with a small pool that wait can starve every transaction).
 */
@Injectable()
export class LedgerService {
  private readonly accountIds = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  async post(manager: EntityManager, posting: Posting): Promise<string> {
    return this.write(manager, posting, null);
  }

  /** Posts the exact opposite of an entry; an entry can be reversed once. */
  async reverse(manager: EntityManager, entryId: string, kind: string, memo?: string): Promise<string> {
    const executor = executorOn(manager);
    const original = await one(executor, SQL.entry, { entryId });
    if (!original) throw new Error(`journal entry ${entryId} does not exist`);
    const lines = await run(executor, SQL.entryLines, { entryId });
    const id = newId();
    await run(executor, SQL.insertEntry, {
      id,
      kind,
      referenceType: original.reference_type,
      referenceId: original.reference_id,
      currency: original.currency,
      reversesEntryId: entryId,
      memo: memo ?? null,
    });
    await this.insertLines(
      manager,
      id,
      original.currency,
      lines.map((line) => ({ accountId: line.account_id, amount: -BigInt(line.amount) })),
    );
    return id;
  }

  /** The balance of an account as the sum of its lines (0 for an account never used). */
  async balance(code: string, manager: EntityManager = this.dataSource.manager): Promise<bigint> {
    const row = await one(executorOn(manager), SQL.balance, { code });
    return BigInt(row?.balance ?? '0');
  }

  /** Opens the accounts (committed at once, harmless if unused) and caches their ids. */
  /** The sum of an account's lines in entries made at or after `since` (reversals included, so net). */
  async movementSince(code: string, since: Date, manager: EntityManager = this.dataSource.manager): Promise<bigint> {
    const row = await one(executorOn(manager), SQL.movementSince, { code, since });
    return BigInt(row?.movement ?? '0');
  }

  async openAccounts(accounts: AccountRef[]): Promise<void> {
    for (const account of accounts) await this.accountId(account);
  }

  private async write(manager: EntityManager, posting: Posting, reversesEntryId: string | null): Promise<string> {
    assertBalanced(posting);
    const accountIds: string[] = [];
    for (const line of posting.lines) accountIds.push(await this.accountIdWithin(manager, line.account));
    const id = newId();
    await run(executorOn(manager), SQL.postEntry, {
      id,
      kind: posting.kind,
      referenceType: posting.referenceType,
      referenceId: posting.referenceId,
      currency: posting.currency,
      reversesEntryId,
      memo: posting.memo ?? null,
      accountIds,
      amounts: posting.lines.map((line) => line.amount.toString()),
    });
    return id;
  }

  private async insertLines(
    manager: EntityManager,
    entryId: string,
    currency: string,
    lines: { accountId: string; amount: bigint }[],
  ): Promise<void> {
    await run(executorOn(manager), SQL.insertLines, {
      entryId,
      currency,
      accountIds: lines.map((line) => line.accountId),
      amounts: lines.map((line) => line.amount.toString()),
    });
  }

  /**
   * The account's id inside the caller's transaction: cached, or opened on the caller's own
   * connection. An account opened here is not cached, since the transaction may roll back.
   */
  private async accountIdWithin(manager: EntityManager, account: AccountRef): Promise<string> {
    const cached = this.accountIds.get(account.code);
    if (cached) return cached;
    return this.openAccount(executorOn(manager), account);
  }

  private async accountId(account: AccountRef): Promise<string> {
    const cached = this.accountIds.get(account.code);
    if (cached) return cached;
    const id = await this.openAccount(executorOn(this.dataSource.manager), account);
    this.accountIds.set(account.code, id);
    return id;
  }

  /** Opens the account unless it exists; answers its id. */
  private async openAccount(executor: StatementExecutor, account: AccountRef): Promise<string> {
    await run(executor, SQL.openAccount, {
      id: newId(),
      code: account.code,
      type: account.type,
      currency: account.currency,
    });
    const [row] = await run(executor, SQL.account, { code: account.code });
    assertSameAccount(account, row);
    return row.id;
  }
}

function assertSameAccount(account: AccountRef, row: { type: string; currency: string }): void {
  if (row.type !== account.type || row.currency !== account.currency) {
    throw new Error(`ledger account ${account.code} exists as ${row.type} ${row.currency}`);
  }
}

function assertBalanced(posting: Posting): void {
  if (posting.lines.length < 2) throw new UnbalancedPostingError('an entry needs at least two lines');
  let sum = 0n;
  for (const line of posting.lines) {
    if (line.amount === 0n) throw new UnbalancedPostingError('a line cannot be zero');
    if (line.account.currency !== posting.currency) {
      throw new UnbalancedPostingError(`line on ${line.account.code} is not in ${posting.currency}`);
    }
    sum += line.amount;
  }
  if (sum !== 0n) throw new UnbalancedPostingError(`entry is off by ${sum}`);
}
