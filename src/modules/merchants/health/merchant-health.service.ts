import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { MerchantError } from '../onboarding/onboarding.errors';
import { MerchantRiskService } from '../risk/merchant-risk.service';
import { MerchantStatementFigures } from '../statements/merchant-statement-figures';
import {
  apiErrorCheck,
  disputeCheck,
  type HealthCheck,
  healthStatusOf,
  kybCheck,
  type MerchantHealthStatus,
  originsCheck,
  refundCheck,
  settlementCheck,
  velocityCheck,
  webhookCheck,
} from './merchant-health-rules';
import * as health from './sql/health.queries';

const SQL = sqlStatements('merchants', health);
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface MerchantHealthView {
  status: MerchantHealthStatus;
  liveEnabled: boolean;
  payoutsEnabled: boolean;
  livemode: boolean;
  asOf: Date;
  checks: HealthCheck[];
}

/**
 * The merchant's health in the API key's mode: each check read from what the service already
 * records (KYB, the settlement account, the API's hourly outcome counts, the webhook endpoints and
 * deliveries, the velocity caps' use, the ledger's captures and refunds of 30 days, the origins),
 * judged by the thresholds of `merchant-health-rules.ts`.
 */
@Injectable()
export class MerchantHealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly risk: MerchantRiskService,
    private readonly figures: MerchantStatementFigures,
  ) {}

  async health(principal: MerchantApiKeyPrincipal): Promise<MerchantHealthView> {
    const now = this.clock.now();
    const { merchantId, livemode } = principal;
    const manager = this.dataSource.manager;
    const executor = executorOn(manager);
    const state = await one(executor, SQL.healthMerchantState, { merchantId });
    if (!state) throw MerchantError.notFound();
    const [api, endpoints, limits, money, origins] = await Promise.all([
      one(executor, SQL.healthApiRequestTotals, {
        merchantId,
        livemode,
        // The 24 whole hours up to and including the current one.
        since: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS),
      }),
      run(executor, SQL.healthWebhookEndpoints, { merchantId, livemode, since: new Date(now.getTime() - DAY_MS) }),
      this.risk.limits(principal),
      // The last 30 days up to now; the end a day ahead so that an entry PostgreSQL's clock dated a moment after
      // ours still counts.
      this.figures.of(
        manager,
        merchantId,
        livemode,
        new Date(now.getTime() - 30 * DAY_MS),
        new Date(now.getTime() + DAY_MS),
      ),
      one(executor, SQL.healthVerifiedOrigins, { merchantId }),
    ]);
    const settlement = { status: state.settlement_status, payoutsHeldUntil: state.payouts_held_until };
    const checks: HealthCheck[] = [
      kybCheck(state.kyb_status),
      settlementCheck(settlement, now),
      apiErrorCheck({
        total: api?.total ?? 0,
        clientErrors: api?.client_errors ?? 0,
        serverErrors: api?.server_errors ?? 0,
      }),
      webhookCheck(
        endpoints.map((endpoint) => ({
          status: endpoint.status,
          disabledReason: endpoint.disabled_reason,
          failingSince: endpoint.failing_since,
          failedDeliveries: endpoint.failed_deliveries,
        })),
        now,
      ),
      velocityCheck(
        limits.caps
          .filter((cap) => cap.scope === 'MERCHANT')
          .map((cap) => ({
            window: cap.window,
            currency: cap.currency,
            maxCount: cap.maxCount,
            maxAmount: cap.maxAmount,
            usedCount: cap.usedCount ?? 0,
            usedAmount: cap.usedAmount ?? 0,
          })),
      ),
      refundCheck(money.map((row) => ({ currency: row.currency, gross: row.grossVolume, refunds: row.refunds }))),
      disputeCheck(),
      originsCheck(livemode, { verified: origins?.verified ?? 0, total: origins?.total ?? 0 }),
    ];
    const liveEnabled = state.kyb_status === 'APPROVED';
    return {
      status: healthStatusOf(state.kyb_status, checks),
      liveEnabled,
      payoutsEnabled:
        liveEnabled &&
        settlement.status === 'VERIFIED' &&
        (settlement.payoutsHeldUntil === null || settlement.payoutsHeldUntil <= now),
      livemode,
      asOf: now,
      checks,
    };
  }
}
