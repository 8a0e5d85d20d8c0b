import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config';
import { CustomerStanding } from '../identity';
import {
  PaymentScreening,
  PaymentScreeningReads,
  type ScreeningActivity,
  type ScreeningActivityQuery,
  type ScreeningCandidate,
  type ScreeningHit,
} from '../payments';
import { AmlFlagRepository } from './aml-flag.repository';
import { AmlThresholds, evaluateAmlRules, newAccountRuleApplies, ScreeningFacts, structuringBand } from './aml-rules';
import { ComplianceConfig } from './compliance.config';

/**
 * The AML rules, run by the payment core on every payment it accepts (every channel), inside
 * the transaction that inserts the payment: the facts are read and the flags written through
 * that transaction's manager, so a payment and its flags commit together. The payment core
 * holds the payment when a flag is HIGH. The facts come through the owners' ports: the
 * payment's neighbours from the payments context (PaymentScreeningReads), and when the
 * customer registered from identity (CustomerStanding), asked only when NEW_ACCOUNT could fire.
 */
@Injectable()
export class AmlScreening extends PaymentScreening {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: ComplianceConfig,
    private readonly flags: AmlFlagRepository,
    private readonly payments: PaymentScreeningReads,
    private readonly customers: CustomerStanding,
  ) {
    super();
  }

  thresholds(): AmlThresholds {
    return {
      currency: this.config.LIMITS_CURRENCY,
      singleAmount: BigInt(this.settings.AML_SINGLE_AMOUNT_THRESHOLD),
      windowMinutes: this.settings.AML_VELOCITY_WINDOW_MINUTES,
      velocityMaxCount: this.settings.AML_VELOCITY_MAX_COUNT,
      velocityMaxAmount: BigInt(this.settings.AML_VELOCITY_MAX_AMOUNT),
      structuringMinCount: this.settings.AML_STRUCTURING_MIN_COUNT,
      structuringPercent: this.settings.AML_STRUCTURING_PERCENT,
      newAccountDays: this.settings.AML_NEW_ACCOUNT_DAYS,
      newAccountAmount: BigInt(this.settings.AML_NEW_ACCOUNT_AMOUNT),
      distinctPayersMax: this.settings.AML_DISTINCT_PAYERS_MAX,
    };
  }

  activityQuery(candidate: ScreeningCandidate): ScreeningActivityQuery {
    const thresholds = this.thresholds();
    return {
      customerId: candidate.customerId,
      payerId: candidate.payerId,
      windowMinutes: thresholds.windowMinutes,
      currency: thresholds.currency,
      band: structuringBand(thresholds),
      billerId: candidate.billerId,
      accountReference: candidate.accountReference,
      payersCap: thresholds.distinctPayersMax,
    };
  }

  async screen(
    manager: EntityManager,
    candidate: ScreeningCandidate,
    activity?: ScreeningActivity,
  ): Promise<ScreeningHit[]> {
    const thresholds = this.thresholds();
    const facts = await this.facts(manager, candidate, thresholds, activity);
    const hits = evaluateAmlRules(candidate, facts, thresholds);
    await this.flags.insertFlags(manager, candidate.paymentId, hits);
    return hits.map(({ rule, severity }) => ({ rule, severity }));
  }

  /** The rules' facts: the candidate's neighbours (read here unless the payment core read them with its insert), and whether the customer is new. */
  private async facts(
    manager: EntityManager,
    candidate: ScreeningCandidate,
    thresholds: AmlThresholds,
    read?: ScreeningActivity,
  ): Promise<ScreeningFacts> {
    const activity = read ?? (await this.payments.activity(manager, this.activityQuery(candidate)));
    // A payer who is not our customer (checkout) has no account of ours to be new.
    const customerId = candidate.customerId;
    const newAccount =
      customerId !== null &&
      newAccountRuleApplies(candidate, thresholds) &&
      (await this.customers.registeredWithin(manager, customerId, thresholds.newAccountDays));
    return {
      count: activity.count,
      sum: activity.sum,
      nearThreshold: activity.inBand,
      newAccount,
      distinctPayers: activity.distinctPayers,
    };
  }
}
