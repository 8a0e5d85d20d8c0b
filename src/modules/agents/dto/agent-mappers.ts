import type { CashPosition } from '../agent-float.service';
import type { FloatTopUp } from '../float-top-up.entity';
import type { CashPositionResponseDto } from './cash-position-response.dto';
import type { FloatTopUpResponseDto } from './float-top-up.dto';

export function toCashPosition(position: CashPosition): CashPositionResponseDto {
  return {
    currency: position.currency,
    floatBalance: Number(position.floatBalance),
    floatLimit: Number(position.floatLimit),
    perPaymentLimit: Number(position.perPaymentLimit),
    dailyLimit: Number(position.dailyLimit),
    dailyLimitUsed: Number(position.dailyLimitUsed),
    cashCollectedToday: Number(position.cashCollectedToday),
    paymentsToday: position.paymentsToday,
    commissionToday: Number(position.commissionToday),
    commissionThisMonth: Number(position.commissionThisMonth),
    commissionBalance: Number(position.commissionBalance),
    asOf: position.asOf.toISOString(),
  };
}

export function toFloatTopUp(topUp: FloatTopUp, floatBalance: bigint): FloatTopUpResponseDto {
  return {
    id: topUp.id,
    agentId: topUp.agentId,
    reference: topUp.reference,
    amount: topUp.amount,
    currency: topUp.currency,
    journalEntryId: topUp.journalEntryId,
    floatBalance: Number(floatBalance),
    createdAt: topUp.createdAt.toISOString(),
  };
}
