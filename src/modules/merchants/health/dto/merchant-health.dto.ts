import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { HEALTH_CHECK_NAMES, type HealthCheckName, type HealthCheckStatus } from '../merchant-health-rules';
import type { MerchantHealthView } from '../merchant-health.service';

@ApiSchema({ name: 'MerchantHealthCheck' })
export class MerchantHealthCheckDto {
  @ApiProperty({ enum: HEALTH_CHECK_NAMES, example: 'webhook_delivery' })
  name: HealthCheckName;

  @ApiProperty({ enum: ['OK', 'WARN', 'FAIL'], example: 'WARN' })
  status: HealthCheckStatus;

  /** What the check saw, in words (never a secret). */
  @ApiProperty({
    example:
      '2 endpoints: 1 failing (0 for 24 h or more), 0 disabled by failures; 3 deliveries ran out of attempts in 24 h',
  })
  detail: string;
}

@ApiSchema({ name: 'MerchantHealthResponse' })
export class MerchantHealthResponseDto {
  /** RESTRICTED when KYB is SUSPENDED or REJECTED; else AT_RISK on any FAIL, DEGRADED on any WARN, HEALTHY otherwise. */
  @ApiProperty({ enum: ['HEALTHY', 'DEGRADED', 'AT_RISK', 'RESTRICTED'], example: 'DEGRADED' })
  status: string;

  /** Live payments are accepted (KYB APPROVED). */
  @ApiProperty({ example: true })
  liveEnabled: boolean;

  /** Payouts can be made: KYB APPROVED and a VERIFIED settlement account whose change hold is over. */
  @ApiProperty({ example: false })
  payoutsEnabled: boolean;

  /** The API key's mode, which the mode-bound checks (API errors, webhooks, velocity, refunds, origins) read. */
  @ApiProperty({ example: true })
  livemode: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T10:00:00.000Z' })
  asOf: string;

  /** Every check, always in this order: kyb, settlement_account, api_error_rate, webhook_delivery, velocity_headroom, refund_rate, dispute_rate, verified_origins. */
  @ApiProperty({ type: [MerchantHealthCheckDto] })
  checks: MerchantHealthCheckDto[];
}

export function toMerchantHealthResponse(view: MerchantHealthView): MerchantHealthResponseDto {
  return {
    status: view.status,
    liveEnabled: view.liveEnabled,
    payoutsEnabled: view.payoutsEnabled,
    livemode: view.livemode,
    asOf: view.asOf.toISOString(),
    checks: view.checks.map((check) => ({ name: check.name, status: check.status, detail: check.detail })),
  };
}
