import type { Posting, PostingLine } from '../../ledger';
import type { BillPayment } from './payment.entity';

type LedgerPayment = Pick<BillPayment, 'id' | 'biller' | 'amount' | 'fee' | 'currency' | 'rail'>;

/** The accounts a bill payment moves money between. */
export function paymentAccounts(payment: Pick<BillPayment, 'biller' | 'currency' | 'rail'>) {
  return {
    /** Funds the rail owes us for captures: an asset until the rail settles. */
    railClearing: {
      code: `rail:${payment.rail}:clearing:${payment.currency}`,
      type: 'ASSET' as const,
      currency: payment.currency,
    },
    /** What we owe the biller: settled to the biller later. */
    billerPayable: {
      code: `biller:${payment.biller.id}:payable:${payment.currency}`,
      type: 'LIABILITY' as const,
      currency: payment.currency,
    },
    feeRevenue: {
      code: `revenue:bill-payment-fees:${payment.currency}`,
      type: 'REVENUE' as const,
      currency: payment.currency,
    },
  };
}

/**
 * The entry of a captured payment: the rail owes us amount + fee; we owe the biller the amount
 * and earned the fee. Debits positive, credits negative; the lines sum to zero.
 */
export function captureEntry(payment: LedgerPayment): Posting {
  const accounts = paymentAccounts(payment);
  const amount = BigInt(payment.amount);
  const fee = BigInt(payment.fee);
  const lines: PostingLine[] = [
    { account: accounts.railClearing, amount: amount + fee },
    { account: accounts.billerPayable, amount: -amount },
  ];
  if (fee > 0n) lines.push({ account: accounts.feeRevenue, amount: -fee });
  return {
    kind: 'BILL_PAYMENT_CAPTURE',
    referenceType: 'payment',
    referenceId: payment.id,
    currency: payment.currency,
    memo: `Bill payment ${payment.id}`,
    lines,
  };
}

/** The accounts of an agent's float business, in one currency. */
export function agentAccounts(agentId: string, currency: string) {
  return {
    /** The cash value the agent prepaid us: what we owe them, drawn down by each cash payment. */
    float: { code: `agent:${agentId}:float:${currency}`, type: 'LIABILITY' as const, currency },
    /** Commission the agent earned and we owe them. */
    commission: { code: `agent:${agentId}:commission:${currency}`, type: 'LIABILITY' as const, currency },
    commissionExpense: { code: `expense:agent-commissions:${currency}`, type: 'EXPENSE' as const, currency },
    /** The agents' cash deposits we hold against their floats. */
    floatDeposits: { code: `cash:agent-float-deposits:${currency}`, type: 'ASSET' as const, currency },
  };
}

/**
 * The entry of an agent's cash payment: the agent's float pays amount + fee; we owe the biller
 * the amount and earned the fee; the agent's commission is our expense and our debt to them.
 * Reversing it (a biller's refusal, a dispute's refund) gives the float back and takes the
 * commission back.
 */
export function agentCaptureEntry(
  payment: Pick<BillPayment, 'id' | 'biller' | 'amount' | 'fee' | 'currency' | 'payerId'>,
  commission: number,
): Posting {
  const agent = agentAccounts(payment.payerId, payment.currency);
  const accounts = paymentAccounts({ biller: payment.biller, currency: payment.currency, rail: 'AGENT_CASH' });
  const amount = BigInt(payment.amount);
  const fee = BigInt(payment.fee);
  const lines: PostingLine[] = [
    { account: agent.float, amount: amount + fee },
    { account: accounts.billerPayable, amount: -amount },
  ];
  if (fee > 0n) lines.push({ account: accounts.feeRevenue, amount: -fee });
  if (commission > 0) {
    lines.push(
      { account: agent.commissionExpense, amount: BigInt(commission) },
      { account: agent.commission, amount: -BigInt(commission) },
    );
  }
  return {
    kind: 'AGENT_CASH_PAYMENT',
    referenceType: 'payment',
    referenceId: payment.id,
    currency: payment.currency,
    memo: `Agent cash payment ${payment.id}`,
    lines,
  };
}

/** An admin's credit of an agent's cash deposit to their float. */
export function floatTopUpEntry(topUp: {
  id: string;
  agentId: string;
  amount: number;
  currency: string;
  reference: string;
}): Posting {
  const agent = agentAccounts(topUp.agentId, topUp.currency);
  return {
    kind: 'AGENT_FLOAT_TOP_UP',
    referenceType: 'agent_float_top_up',
    referenceId: topUp.id,
    currency: topUp.currency,
    memo: `Float top-up ${topUp.reference}`,
    lines: [
      { account: agent.floatDeposits, amount: BigInt(topUp.amount) },
      { account: agent.float, amount: -BigInt(topUp.amount) },
    ],
  };
}
