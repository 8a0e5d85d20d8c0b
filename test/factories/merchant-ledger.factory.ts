import { randomUUID } from 'node:crypto';
import { LedgerService } from '../../src/modules/ledger';
import {
  merchantBalanceAccount,
  merchantPlatformAccounts,
} from '../../src/modules/merchants/ledger/merchant-ledger-accounts';
import { AppTarget, appOf, dbOf } from '../support/app-target';

/** A merchant balance, or the platform's side of a card payment (its clearing account, the fee revenue). */
export type PlantedBalance = 'pending' | 'available' | 'reserve' | 'clearing' | 'fees';

/**
 * A balanced NGN journal entry dated `at` on a merchant's accounts and the platform's (CARD). Journal
 * entries are append-only and dated by PostgreSQL, so a past month is planted by an INSERT naming its
 * time; zero lines are left out, as the ledger does.
 */
export async function plantMerchantEntry(
  target: AppTarget,
  merchant: { merchantId: string; livemode: boolean },
  at: string | Date,
  kind: string,
  all: [PlantedBalance, number][],
): Promise<string> {
  const lines = all.filter(([, amount]) => amount !== 0);
  const platform = merchantPlatformAccounts(merchant.livemode, 'CARD', 'NGN');
  const accounts = lines.map(([balance]) =>
    balance === 'clearing'
      ? platform.railClearing
      : balance === 'fees'
        ? platform.feeRevenue
        : merchantBalanceAccount(merchant.merchantId, merchant.livemode, balance, 'NGN'),
  );
  await appOf(target).get(LedgerService).openAccounts(accounts);
  const id = randomUUID();
  await dbOf(target).transaction(async (manager) => {
    await manager.query(
      `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency, memo, created_at)
       VALUES ($1, $2, 'payment', $3, 'NGN', 'planted', $4)`,
      [id, kind, randomUUID(), at],
    );
    await manager.query(
      `INSERT INTO journal_lines (entry_id, account_id, amount, currency)
       SELECT $1, a.id, x.amount, 'NGN'
         FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS x (code, amount, n)
         JOIN ledger_accounts a ON a.code = x.code
        ORDER BY x.n`,
      [id, accounts.map((account) => account.code), lines.map(([, amount]) => String(amount))],
    );
  });
  return id;
}

/** A capture as MerchantLedger.recordCapture posts it, dated `at`: the amount, the fee, the reserve, the rest pending. */
export function plantMerchantCapture(
  target: AppTarget,
  merchant: { merchantId: string; livemode: boolean },
  at: string | Date,
  figures: { amount: number; fee: number; reserve: number },
): Promise<string> {
  return plantMerchantEntry(target, merchant, at, 'MERCHANT_PAYMENT_CAPTURE', [
    ['clearing', figures.amount],
    ['pending', -(figures.amount - figures.fee - figures.reserve)],
    ['reserve', -figures.reserve],
    ['fees', -figures.fee],
  ]);
}
