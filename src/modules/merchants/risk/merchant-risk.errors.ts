import { ApiErrorDetail, ApiException } from '../../../platform/http/api-error';
import type { ErrorCode } from '../../../platform/http/error-catalogue';
import { formatMinorUnits } from '../../../platform/money/money-format';
import type { VelocityBreach } from './velocity-rules';

/**
 * The risk sub-area's errors. It defines no code of its own: a payment past a velocity cap is the
 * payments context's `LIMIT_EXCEEDED` (422), one catalogue entry for every limit a payment meets;
 * a bad `range` is `VALIDATION_FAILED`.
 */
export class MerchantRiskError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'MerchantRiskError';
  }

  /**
   * 422 LIMIT_EXCEEDED for a velocity cap: `details` name the cap (`cap.scope`, `cap.window`,
   * `cap.currency`, and `cap.maxCount` / `cap.maxAmount` as set) and what it has left
   * (`remainingCount` / `remainingAmount`, for the limits it sets), and the payment's `amount`.
   */
  static velocityCapExceeded(breach: VelocityBreach, amount: bigint): MerchantRiskError {
    const { cap } = breach;
    const window = cap.window === 'HOUR' ? 'hour' : '24 hours';
    const whose = cap.scope === 'MERCHANT' ? "the merchant's" : "this customer's";
    const money = (value: bigint) => formatMinorUnits(value, cap.currency, 'code');
    const parts: string[] = [];
    if (breach.remainingCount !== null && breach.remainingCount < 1) {
      parts.push(`${cap.maxCount} payments`);
    }
    if (cap.maxAmount !== null && breach.remainingAmount !== null && amount > breach.remainingAmount) {
      parts.push(`${money(cap.maxAmount)} (${money(breach.remainingAmount)} left)`);
    }
    const details: ApiErrorDetail[] = [
      { field: 'cap.scope', message: cap.scope },
      { field: 'cap.window', message: cap.window },
      { field: 'cap.currency', message: cap.currency },
    ];
    if (cap.maxCount !== null) details.push({ field: 'cap.maxCount', message: String(cap.maxCount) });
    if (cap.maxAmount !== null) details.push({ field: 'cap.maxAmount', message: cap.maxAmount.toString() });
    if (breach.remainingCount !== null)
      details.push({ field: 'remainingCount', message: String(breach.remainingCount) });
    if (breach.remainingAmount !== null) {
      details.push({ field: 'remainingAmount', message: breach.remainingAmount.toString() });
    }
    details.push({ field: 'amount', message: amount.toString() });
    return new MerchantRiskError(
      'LIMIT_EXCEEDED',
      `The payment would pass ${whose} velocity cap for the trailing ${window} in ${cap.currency}: ${parts.join(' and ')}`,
      details,
    );
  }
}
