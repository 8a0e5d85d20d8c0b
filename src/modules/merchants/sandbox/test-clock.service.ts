import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { ApiException } from '../../../platform/http/api-error';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { RailDisputes } from '../../payments';
import { checkoutSessionEventPayload } from '../checkout/checkout-session-expiry';
import { CheckoutSessionsRepository } from '../checkout/checkout-sessions.repository';
import { CheckoutSessionsService } from '../checkout/checkout-sessions.service';
import { MerchantCheckoutError } from '../checkout/checkout.errors';
import { toCheckoutSessionResponse } from '../checkout/dto/checkout-session.dto';
import { MerchantPaymentDisputes } from '../disputes/merchant-payment-disputes';
import { MerchantBalanceReleases } from '../ledger/merchant-balance-releases';
import { MerchantLedger, type MerchantReleaseKind } from '../ledger/merchant-ledger';
import { MERCHANT_EVENTS } from '../merchants.events';
import { WebhookDeliveryQueue } from '../webhooks/webhook-queues';
import type {
  TestClockAdvanceRequestDto,
  TestClockAdvanceResponseDto,
  TestClockEffectDto,
  TestClockPaymentDto,
} from './dto/test-clock.dto';
import * as testClock from './sql/test-clock.queries';

const SQL = sqlStatements('merchants', testClock);

/**
 * The developer test clock (test mode only): moves one test object's clock forward and runs the work that falls
 * due for it at once, through the paths the jobs use, in one transaction (events through the outbox).
 *
 * - A checkout session: its times come `seconds` earlier (`created_at` with `expires_at`, so its lifetime is
 *   kept); one OPEN, due and not being paid expires through the expiry's conditional transition, with
 *   `merchant.checkout_session.expired`.
 * - A payment (one that paid, or is paying, one of the merchant's test sessions): its unreleased balance
 *   releases come `seconds` earlier and those due are posted as the release job posts them (with
 *   `merchant.balance_updated`); its sandbox rail dispute still to come, likewise, is recorded when due (the
 *   payment core's rail dispute path, with `merchant.payment.disputed`).
 * - Either: the next attempt of the PENDING webhook deliveries of the object's events comes `seconds` earlier;
 *   after the commit, those due make their next scheduled attempt at once (the delivery job promoted; one whose
 *   job is gone is queued again by the webhooks' sweeper, as for any overdue delivery).
 *
 * Another merchant's object, a live one or an unknown id: 404 NOT_FOUND.
 */
@Injectable()
export class TestClockService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly sessionsService: CheckoutSessionsService,
    private readonly releases: MerchantBalanceReleases,
    private readonly merchantLedger: MerchantLedger,
    private readonly disputes: MerchantPaymentDisputes,
    private readonly railDisputes: RailDisputes,
    private readonly outbox: OutboxWriter,
    private readonly deliveries: WebhookDeliveryQueue,
    private readonly clock: Clock,
  ) {}

  async advance(merchantId: string, body: TestClockAdvanceRequestDto): Promise<TestClockAdvanceResponseDto> {
    const { checkoutSessionId, paymentId, seconds } = body;
    if ((checkoutSessionId === undefined) === (paymentId === undefined)) {
      throw new ApiException('VALIDATION_FAILED', 'Send exactly one of checkoutSessionId and paymentId', [
        {
          field: checkoutSessionId === undefined ? 'checkoutSessionId' : 'paymentId',
          message: 'send exactly one target',
        },
      ]);
    }
    const objectId = checkoutSessionId ?? (paymentId as string);
    const { answer, dueDeliveries } = await this.dataSource.transaction(async (manager) => {
      const advanced =
        checkoutSessionId !== undefined
          ? await this.advanceSession(manager, merchantId, checkoutSessionId, seconds)
          : await this.advancePayment(manager, merchantId, objectId, seconds);
      const now = this.clock.now().getTime();
      const shifted = await run(executorOn(manager), SQL.shiftTestDeliveriesOf, { merchantId, objectId, seconds });
      return {
        answer: advanced,
        dueDeliveries: shifted.filter((delivery) => delivery.next_attempt_at.getTime() <= now).map(({ id }) => id),
      };
    });
    // After the commit: each delivery now due makes its next scheduled attempt at once (its job promoted).
    for (const id of dueDeliveries) {
      await this.deliveries.promoteScheduled(id);
      answer.effects.push({ type: 'WEBHOOK_DELIVERY_DUE', id, kind: null, amount: null });
    }
    return answer;
  }

  private async advanceSession(
    manager: EntityManager,
    merchantId: string,
    id: string,
    seconds: number,
  ): Promise<TestClockAdvanceResponseDto> {
    const executor = executorOn(manager);
    if (!(await one(executor, SQL.lockTestCheckoutSession, { id, merchantId }))) throw notFound('checkout session');
    await run(executor, SQL.shiftTestCheckoutSession, { id, seconds });
    let session = await this.sessions.findById(manager, id);
    if (!session) throw notFound('checkout session');
    const effects: TestClockEffectDto[] = [];
    const now = this.clock.now();
    if (
      session.status === 'OPEN' &&
      session.expiresAt.getTime() <= now.getTime() &&
      (await this.sessions.expireIfDue(manager, id, now))
    ) {
      session = { ...session, status: 'EXPIRED', expiredAt: now };
      await this.outbox.write(manager, {
        eventType: MERCHANT_EVENTS.checkoutSessionExpired,
        aggregateType: 'checkout_session',
        aggregateId: id,
        payload: checkoutSessionEventPayload(session),
      });
      effects.push({ type: 'CHECKOUT_SESSION_EXPIRED', id, kind: null, amount: null });
    }
    return {
      advancedSeconds: seconds,
      effects,
      checkoutSession: toCheckoutSessionResponse(session, this.sessionsService.hostedUrl(id)),
      payment: null,
    };
  }

  private async advancePayment(
    manager: EntityManager,
    merchantId: string,
    paymentId: string,
    seconds: number,
  ): Promise<TestClockAdvanceResponseDto> {
    const executor = executorOn(manager);
    const session = await one(executor, SQL.testSessionPaidBy, { paymentId, merchantId });
    if (!session) throw notFound('payment');
    const now = this.clock.now();
    await run(executor, SQL.shiftTestReleasesOfPayment, { paymentId, merchantId, seconds });
    const effects: TestClockEffectDto[] = (await this.releases.releaseDueOfPayment(manager, paymentId, now)).map(
      (release) => ({ type: 'BALANCE_RELEASED', id: null, kind: release.kind, amount: Number(release.amount) }),
    );
    const dispute = await this.railDisputes.advanceSandbox(manager, paymentId, seconds);
    const recorded = await this.disputes.ofPayment(manager, paymentId, merchantId, false);
    if (dispute === 'RECORDED' && recorded) {
      effects.push({ type: 'PAYMENT_DISPUTED', id: recorded.id, kind: null, amount: recorded.amount });
    }
    const balances = await this.merchantLedger.balances(manager, {
      merchantId,
      livemode: false,
      currency: session.currency,
    });
    const releases = await run(executor, SQL.testReleasesOfPayment, { paymentId, merchantId });
    const payment: TestClockPaymentDto = {
      id: paymentId,
      checkoutSessionId: session.id,
      releases: releases.map((release) => ({
        kind: release.kind as MerchantReleaseKind,
        amount: Number(release.amount),
        dueAt: release.due_at.toISOString(),
        releasedAt: release.released_at?.toISOString() ?? null,
      })),
      dispute: recorded && { ...recorded, createdAt: recorded.createdAt.toISOString() },
      currency: session.currency,
      pending: Number(balances.pending),
      available: Number(balances.available),
      reserve: Number(balances.reserve),
    };
    return { advancedSeconds: seconds, effects, checkoutSession: null, payment };
  }
}

function notFound(what: string): MerchantCheckoutError {
  return new MerchantCheckoutError('NOT_FOUND', `No such test-mode ${what} of this merchant`);
}
