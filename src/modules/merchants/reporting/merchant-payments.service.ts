import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource, QueryRunner } from 'typeorm';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { oneOf } from '../../../platform/database/column-values';
import { ReplicaReads } from '../../../platform/database/replica-reads';
import { sqlStatements } from '../../../platform/database/sql-query';
import { copyCsv, executorOn, run } from '../../../platform/database/statement-executor';
import { maskEmailAddress } from '../../../platform/messaging/message-sender';
import { ApiException } from '../../../platform/http/api-error';
import { decodeCursor, toCursorPage } from '../../../platform/http/pagination';
import {
  MERCHANT_PAYMENT_STATUSES,
  MerchantPaymentDto,
  MerchantPaymentPageResponseDto,
  MerchantPaymentsFilterQueryDto,
  MerchantPaymentsQueryDto,
} from './dto/merchant-payments.dto';
import { exportWindow, MerchantPaymentFilters, paymentFilters } from './payment-filters';
import * as merchantPayments from './sql/merchant-payments.queries';

const SQL = sqlStatements('merchants', merchantPayments);

/** What one export is: its window (for the file's name) and its CSV text, a chunk at a time as the client takes it. */
export interface MerchantPaymentsExport {
  from: Date;
  to: Date;
  /** PostgreSQL's CSV of the payments (records ended by LF; `sendCsvText` makes them CRLF). */
  text: AsyncIterable<Buffer>;
}

/**
 * The merchant's checkout payments (spec 4.10 `GET /merchant/payments` and its CSV), read in the
 * API key's merchant and mode only. Payments are the payment core's rows; this context reads them
 * (README "Read model") with its sessions, and writes nothing.
 */
@Injectable()
export class MerchantPaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReplicaReads,
    private readonly clock: Clock,
  ) {}

  /**
   * One page, newest first. The cursor is the last item's id bound to the key's merchant and mode
   * (`{merchantId}:{live|test}`, checked on the way back): a cursor of another merchant's or the
   * other mode's list is 400 INVALID_CURSOR, as is anything this list did not issue.
   */
  async page(
    principal: MerchantApiKeyPrincipal,
    query: MerchantPaymentsQueryDto,
  ): Promise<MerchantPaymentPageResponseDto> {
    const filters = paymentFilters(query);
    const scope = cursorScope(principal);
    const before = query.cursor === undefined ? null : positionIn(scope, query.cursor);
    const executor = executorOn(this.dataSource.manager);
    const params = { ...statementFilters(principal, filters), before, limit: query.size + 1 };
    // A search starts from the sessions it names; the rest walk the merchant's payments by id.
    const rows =
      filters.q === null
        ? await run(executor, SQL.merchantPaymentsPage, params)
        : await run(executor, SQL.merchantPaymentsPageByQuery, { ...params, q: filters.q });
    return toCursorPage(rows, query.size, (row) => ({ sortKey: scope, id: row.id }), toMerchantPayment);
  }

  /**
   * The export: the filters checked and the window bounded (EXPORT_MAX_DAYS) first, so a bad
   * request is an error answer before any byte; then every payment they select, newest first, as
   * CSV that PostgreSQL encodes (`COPY` of MerchantPaymentsExport, whose columns are the file's
   * cells: `copyCsv`), in a read-only REPEATABLE READ transaction on a connection of its own (the
   * read replica's when there is one, `ReplicaReads`: a payment of the last seconds may be missing
   * from the file, as one made while it downloads is), sent by the server only as fast as the client reads. Ending the text early (the client left)
   * cancels the COPY, rolls back and releases the connection.
   */
  export(principal: MerchantApiKeyPrincipal, query: MerchantPaymentsFilterQueryDto): MerchantPaymentsExport {
    const window = exportWindow(paymentFilters(query), this.clock.now());
    return {
      from: new Date(window.fromInstant),
      to: new Date(window.toInstant),
      text: this.exportText(statementFilters(principal, window), window.q),
    };
  }

  private async *exportText(
    params: merchantPayments.MerchantPaymentsExportParams,
    q: string | null,
  ): AsyncGenerator<Buffer, void, undefined> {
    const runner = await this.replica.begin('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      try {
        const executor = executorOn(runner.manager);
        if (q === null) yield* copyCsv(executor, SQL.merchantPaymentsExport, params);
        else yield* copyCsv(executor, SQL.merchantPaymentsExportByQuery, { ...params, q });
      } finally {
        await rollBack(runner);
      }
    } finally {
      await runner.release();
    }
  }
}

/**
 * Ends the export's transaction. Once more if the first ROLLBACK fails: a cancel request sent for a
 * COPY that had just finished can reach the backend during the ROLLBACK after it (copyCsv waits for
 * the server to take the request, so at most that one), and the transaction must not go back to the
 * pool open.
 */
async function rollBack(runner: QueryRunner): Promise<void> {
  try {
    await runner.query('ROLLBACK');
  } catch {
    await runner.query('ROLLBACK');
  }
}

function statementFilters(
  principal: MerchantApiKeyPrincipal,
  filters: MerchantPaymentFilters,
): merchantPayments.MerchantPaymentsExportParams {
  return {
    merchantId: principal.merchantId,
    livemode: principal.livemode,
    from: filters.from,
    to: filters.to,
    status: filters.status,
    rail: filters.rail,
    minAmount: filters.minAmount,
    maxAmount: filters.maxAmount,
  };
}

/** What a cursor of this key's list is bound to. */
function cursorScope(principal: MerchantApiKeyPrincipal): string {
  return `${principal.merchantId}:${principal.livemode ? 'live' : 'test'}`;
}

/** The payment id a cursor points after, when it was issued for this scope; else 400 INVALID_CURSOR. */
function positionIn(scope: string, cursor: string): string {
  const position = decodeCursor(cursor);
  if (position.sortKey !== scope || !isUUID(position.id)) {
    throw new ApiException('INVALID_CURSOR', 'The cursor is not one this list issued', [
      { field: 'query.cursor', message: 'was not issued for this merchant and mode' },
    ]);
  }
  return position.id;
}

function toMerchantPayment(row: merchantPayments.MerchantPaymentsPageResult): MerchantPaymentDto {
  const status = oneOf(MERCHANT_PAYMENT_STATUSES, row.status, 'payments.status');
  const amount = Number(row.amount);
  const fee = Number(row.merchant_fee);
  return {
    id: row.id,
    checkoutSessionId: row.checkout_session_id as string,
    paymentLinkId: row.payment_link_id,
    merchantReference: row.merchant_reference,
    amount,
    fee,
    net: amount - fee,
    refundedAmount: Number(row.refunded_amount),
    currency: row.currency,
    status,
    rail: row.rail,
    payer: {
      fundingAccountMasked: row.funding_account_masked,
      emailMasked: row.customer_email === null ? null : maskEmailAddress(row.customer_email),
    },
    createdAt: row.created_at.toISOString(),
    paidAt: paidAt(status, row.completed_at),
    refundedAt: row.refunded_at === null ? null : row.refunded_at.toISOString(),
    livemode: row.livemode === true,
  };
}

/** When the payment succeeded: its completion, for a payment that SUCCEEDED (or was refunded after). */
function paidAt(status: string, completedAt: Date | null): string | null {
  return (status === 'SUCCEEDED' || status === 'REFUNDED') && completedAt !== null ? completedAt.toISOString() : null;
}
