import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import * as statements from './sql/statements.queries';

const SQL = sqlStatements('merchants', statements);

/**
 * One merchant, mode and currency over a window, in minor units as the merchant sees them. The
 * balance is pending + available (what the merchant is owed and can be paid); the reserve is held
 * apart, so money moving into it is `reserveHeld` and out of it `reserveReleased`.
 */
export interface StatementFigures {
  currency: string;
  /** Journal entries on the merchant's accounts in the window: 0 means no activity. */
  windowEntries: number;
  openingBalance: bigint;
  /** What the payers paid for the window's captures. */
  grossVolume: bigint;
  /** The merchant's fees on those captures. */
  fees: bigint;
  /** Refunds paid back to payers out of the balance. */
  refunds: bigint;
  /** The captures' reserve share, moved from the balance into the reserve. */
  reserveHeld: bigint;
  /** Reserve released back to the balance after its hold. */
  reserveReleased: bigint;
  /** Payouts to the settlement account: 0 until payouts exist. */
  payouts: bigint;
  /** Read from the ledger on its own, not computed from the movements. */
  closingBalance: bigint;
  /** opening + gross - fees - refunds - reserveHeld + reserveReleased - payouts. */
  expectedClosing: bigint;
}

/**
 * The merchant's figures for a window, per currency, from the journal lines of its balance
 * accounts (`merchant:{id}:{live|test}:{pending|available|reserve}:{currency}`): the ledger is the
 * only source, so a statement says what the money did, whatever the payments say.
 */
@Injectable()
export class MerchantStatementFigures {
  async of(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    from: Date,
    to: Date,
  ): Promise<StatementFigures[]> {
    const rows = await run(executorOn(manager), SQL.statementFigures, {
      prefix: `merchant:${merchantId}:${livemode ? 'live' : 'test'}:`,
      from,
      to,
    });
    return rows.map((row) => {
      const capturedNet = BigInt(row.captured_net);
      const reserveHeld = BigInt(row.reserve_held);
      const grossVolume = BigInt(row.gross);
      const figures = {
        currency: row.currency,
        windowEntries: row.window_entries,
        openingBalance: BigInt(row.opening),
        grossVolume,
        fees: grossVolume - capturedNet - reserveHeld,
        refunds: BigInt(row.refunds),
        reserveHeld,
        reserveReleased: BigInt(row.reserve_released),
        payouts: 0n,
        closingBalance: BigInt(row.closing),
      };
      return {
        ...figures,
        expectedClosing:
          figures.openingBalance +
          figures.grossVolume -
          figures.fees -
          figures.refunds -
          figures.reserveHeld +
          figures.reserveReleased -
          figures.payouts,
      };
    });
  }
}
