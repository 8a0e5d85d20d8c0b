import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { formatMinorUnits } from '../../../platform/money/money-format';
import { matchesAccountReference } from './account-reference-pattern';
import { AccountValidationService } from '../connector/account-validation.service';
import { AmountRule, Biller } from './biller.entity';
import { BillerSnapshot } from './biller-snapshot';
import { BillerForPayment, BillerRepository } from './biller.repository';
import { BillerError } from '../billers.errors';
import { BillerConnector, BillerEndpoint } from '../connector/biller-connector';
import { chargedFee, feeOfAmount } from './biller-fee';

/** What a payer asks to pay, before anything is checked. */
export interface QuoteRequest {
  /** The biller's id or slug. */
  biller: string;
  accountReference: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  rail: string;
  /**
   * What the payer owes, when the channel knows it (a pushed bill's amount due): the biller's
   * amount rule is applied against it instead of asking the biller's connector. Minor units.
   */
  amountDue?: number | null;
}

/** What other contexts may know about a biller to take requests for it (claims, schedules, bills). */
export interface BillerFacts {
  /** The biller as a row made for it now keeps it (a bill, a schedule). */
  biller: BillerSnapshot;
  currency: string;
  amountRule: AmountRule;
  accountReferenceLabel: string;
  /** Whether the account reference has the biller's format. */
  accountReferenceFits(reference: string): boolean;
  /** The rails it takes now. */
  rails: string[];
  /** Why it takes no payment now, or null when it does. */
  unavailableReason: string | null;
}

/**
 * A biller's answer to "can I pay this, and what will it cost": everything a payment needs to
 * know about its biller, and nothing else. The payments context takes this instead of the
 * biller entity, its repository types and its pattern rules.
 */
export interface PaymentQuote {
  /** The biller as the payment keeps it. */
  biller: BillerSnapshot;
  accountReference: string;
  amount: number;
  currency: string;
  rail: string;
  /** The fee charged on top of the amount: the biller's rule plus the rail's, in minor units. */
  fee: number;
}

/** The rail code of an agent's cash payment: funded from the agent's float, no rail is called. */
export const AGENT_CASH_RAIL = 'AGENT_CASH';

/** An agent's cash payment quote: the biller's fee and bounds, and the agent's commission, minor units. */
export interface CashPaymentQuote extends PaymentQuote {
  agentCommission: number;
}

/** A quote that may not be payable now, for previews (a reorder draft). */
export interface PaymentPreview {
  biller: BillerSnapshot;
  /** Null when the rail no longer applies. */
  fee: number | null;
  /** Why the payment cannot be made now; null when it can. */
  unavailableReason: string | null;
}

/**
 * The narrow port through which payments (and every channel that moves money) learn whether a
 * biller takes a payment and at what fee. The fee is computed by the same function as the fee
 * rules `GET /billers/{id}` shows, so the fee a client previews is the fee it is charged.
 */
@Injectable()
export class PaymentQuoteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly billers: BillerRepository,
    private readonly accountValidation: AccountValidationService,
    private readonly connector: BillerConnector,
  ) {}

  /**
   * Quotes a payment, or throws the 4xx that says why it cannot be made: 404 for an unknown
   * biller; 422 BILLER_UNAVAILABLE when it is out of the directory, switched off or cannot be
   * posted to; 400 for a currency or reference it does not take; 422 RAIL_UNAVAILABLE;
   * 422 AMOUNT_NOT_ALLOWED against the biller's and the rail's bounds and, for billers that
   * validate directly, its amount rule against what the account owes; 422 ACCOUNT_NOT_PAYABLE.
   */
  async quote(request: QuoteRequest): Promise<PaymentQuote> {
    const found = await this.payableBiller(request);
    const { biller } = found;
    const rail = found.rails.find((candidate) => candidate.code === request.rail);
    if (!rail) {
      throw new BillerError('RAIL_UNAVAILABLE', `The biller does not take payments by ${request.rail} right now`, [
        { field: 'rail', message: 'is not accepted by this biller' },
      ]);
    }
    checkBounds(biller, rail, request.amount);
    await this.checkDue(biller, request);
    return quoted(biller, request, rail.code, Number(chargedFee(biller, rail, BigInt(request.amount))));
  }

  /**
   * Quotes an agent's cash payment (rail `AGENT_CASH`): the same checks as `quote` but no rail,
   * so the biller's own fee and bounds apply, and the commission the agent earns on it.
   */
  async cashQuote(request: Omit<QuoteRequest, 'rail'>): Promise<CashPaymentQuote> {
    const { biller } = await this.payableBiller(request);
    checkBounds(biller, null, request.amount);
    await this.checkDue(biller, request);
    const amount = BigInt(request.amount);
    const commissionRule = { feeFlat: biller.agentCommissionFlat, feePercentBps: biller.agentCommissionBps };
    return {
      ...quoted(biller, request, AGENT_CASH_RAIL, Number(feeOfAmount(biller, amount))),
      agentCommission: Number(feeOfAmount(commissionRule, amount)),
    };
  }

  /** The biller of a request, if it takes payments now in the request's currency and reference format. */
  private async payableBiller(request: Omit<QuoteRequest, 'rail'>): Promise<BillerForPayment> {
    const found = await this.find(request.biller);
    if (!found) {
      throw new BillerError('NOT_FOUND', 'Biller not found', [{ field: 'biller', message: 'names no biller' }]);
    }
    const { biller } = found;
    const reason = unavailableReason(found, this.connector);
    if (reason) throw payable.billerUnavailable(reason);
    if (request.currency !== biller.currency) {
      throw new BillerError('VALIDATION_FAILED', `This biller is paid in ${biller.currency}`, [
        { field: 'currency', message: `must be ${biller.currency}` },
      ]);
    }
    if (!matchesAccountReference(biller.accountReferencePattern, request.accountReference)) {
      throw new BillerError(
        'VALIDATION_FAILED',
        `The ${biller.accountReferenceLabel} does not have this biller's format`,
        [{ field: 'accountReference', message: `is not a valid ${biller.accountReferenceLabel}` }],
      );
    }
    return found;
  }

  /** The biller's amount rule: against the amount due the channel knows, else what the biller says is owed. */
  private async checkDue(biller: Biller, request: Omit<QuoteRequest, 'rail'>): Promise<void> {
    if (request.amountDue !== undefined && request.amountDue !== null) {
      checkAgainstDue(biller, request.amountDue, request.amount);
    } else {
      await this.checkAmountRule(biller, request.accountReference, request.amount);
    }
  }

  /** Whether a payment like an earlier one could be made now, and its fee now; never throws for the biller's state. */
  async preview(billerId: string, rail: string, amount: number): Promise<PaymentPreview | null> {
    const found = await this.find(billerId);
    if (!found) return null;
    const { biller } = found;
    const accepted = found.rails.find((candidate) => candidate.code === rail);
    const reason = unavailableReason(found, this.connector) ?? (accepted ? null : `the biller no longer takes ${rail}`);
    return {
      biller: BillerSnapshot.of(biller),
      fee: accepted ? Number(chargedFee(biller, accepted, BigInt(amount))) : null,
      unavailableReason: reason,
    };
  }

  /** The biller's facts by id or slug, whether or not it takes payments now; null when unknown. */
  async facts(billerIdOrSlug: string): Promise<BillerFacts | null> {
    const found = await this.find(billerIdOrSlug);
    if (!found) return null;
    const { biller } = found;
    return {
      biller: BillerSnapshot.of(biller),
      currency: biller.currency,
      amountRule: biller.amountRule,
      accountReferenceLabel: biller.accountReferenceLabel,
      accountReferenceFits: (reference) => matchesAccountReference(biller.accountReferencePattern, reference),
      rails: found.rails.map((rail) => rail.code),
      unavailableReason: unavailableReason(found, this.connector),
    };
  }

  /** Where and how the worker posts the biller's payments; null when it cannot be posted to. */
  async postingEndpoint(billerId: string): Promise<BillerEndpoint | null> {
    const found = await this.find(billerId);
    return found ? endpointOf(found.biller, this.connector) : null;
  }

  private find(billerIdOrSlug: string): Promise<BillerForPayment | null> {
    return this.billers.findForPayment(this.dataSource.manager, billerIdOrSlug, isUUID(billerIdOrSlug));
  }

  private async checkAmountRule(biller: Biller, accountReference: string, amount: number): Promise<void> {
    if (biller.amountRule === 'ANY' || !biller.validatesDirectly) return;
    const account = await this.accountValidation.validate(biller.id, accountReference);
    if (!account.valid) {
      throw new BillerError('ACCOUNT_NOT_PAYABLE', 'The biller cannot take payments for this account', [
        { field: 'accountReference', message: account.reason ?? 'is not payable' },
      ]);
    }
    checkAgainstDue(biller, account.outstandingAmount, amount);
  }
}

function quoted(biller: Biller, request: Omit<QuoteRequest, 'rail'>, rail: string, fee: number): PaymentQuote {
  return {
    biller: BillerSnapshot.of(biller),
    accountReference: request.accountReference,
    amount: request.amount,
    currency: biller.currency,
    rail,
    fee,
  };
}

/** The biller's amount rule applied to `amount` against what is owed (`outstanding`, null when unknown). */
function checkAgainstDue(biller: Biller, outstanding: number | null, amount: number): void {
  if (biller.amountRule === 'ANY') return;
  const money = (value: number) => formatMinorUnits(value, biller.currency, 'code');
  if (outstanding === null || outstanding <= 0) {
    // Nothing due: an EXACT biller takes nothing, an AT_MOST one nothing above zero.
    if (biller.amountRule === 'EXACT' || biller.amountRule === 'AT_MOST') {
      throw payable.amount('Nothing is due on this account, so the biller takes no payment for it now', {
        outstanding: outstanding ?? 0,
        amount,
      });
    }
    return;
  }
  if (biller.amountRule === 'EXACT' && amount !== outstanding) {
    throw payable.amount(`The biller takes exactly the amount due, ${money(outstanding)}`, { outstanding, amount });
  }
  if (biller.amountRule === 'AT_LEAST' && amount < outstanding) {
    throw payable.amount(`The biller takes at least the amount due, ${money(outstanding)}`, { outstanding, amount });
  }
  if (biller.amountRule === 'AT_MOST' && amount > outstanding) {
    throw payable.amount(`The biller takes at most the amount due, ${money(outstanding)}`, { outstanding, amount });
  }
}

/** The errors a quote throws, with the amounts people read in the message and the minor units in `details`. */
const payable = {
  billerUnavailable: (reason: string) =>
    new BillerError('BILLER_UNAVAILABLE', `The biller cannot take payments right now: ${reason}`, [
      { field: 'biller', message: reason },
    ]),
  amount: (message: string, values: Record<string, number>) =>
    new BillerError('AMOUNT_NOT_ALLOWED', message, [
      { field: 'amount', message },
      ...Object.entries(values).map(([field, value]) => ({ field, message: String(value) })),
    ]),
};

/** The biller's bounds, and the rail's when there is one (an agent's cash payment has none). */
function checkBounds(biller: Biller, rail: BillerForPayment['rails'][number] | null, amount: number): void {
  const money = (value: number) => formatMinorUnits(value, biller.currency, 'code');
  const bounds: [boolean, string, Record<string, number>][] = [
    [amount < biller.minAmount, `The biller takes at least ${money(biller.minAmount)}`, { minimum: biller.minAmount }],
    [amount > biller.maxAmount, `The biller takes at most ${money(biller.maxAmount)}`, { maximum: biller.maxAmount }],
  ];
  if (rail) {
    bounds.push(
      [amount < rail.minAmount, `${rail.code} takes at least ${money(rail.minAmount)}`, { minimum: rail.minAmount }],
      [amount > rail.maxAmount, `${rail.code} takes at most ${money(rail.maxAmount)}`, { maximum: rail.maxAmount }],
    );
  }
  for (const [broken, message, values] of bounds) {
    if (broken) throw payable.amount(message, { ...values, amount });
  }
}

/** Why the biller takes no payment at all now, or null. */
function unavailableReason(found: BillerForPayment, connector: BillerConnector): string | null {
  if (!found.visible) return 'the biller is no longer in the directory';
  if (!found.biller.available) return 'the biller is temporarily unavailable';
  if (!endpointOf(found.biller, connector)) return 'payments to this biller cannot be delivered';
  return null;
}

function endpointOf(biller: Biller, connector: BillerConnector): BillerEndpoint | null {
  if (!biller.connectorBaseUrl || !biller.connectorSecretRef) return null;
  const endpoint = {
    baseUrl: biller.connectorBaseUrl,
    secretRef: biller.connectorSecretRef,
    timeoutMs: biller.connectorTimeoutMs,
  };
  return connector.canReach(endpoint) ? endpoint : null;
}
