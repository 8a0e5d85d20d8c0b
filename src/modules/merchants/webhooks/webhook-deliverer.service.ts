import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { FieldCipher } from '../../../platform/crypto/field-cipher';
import { newId } from '../../../platform/database/new-id';
import { MessageSender } from '../../../platform/messaging/message-sender';
import { GuardedHttpClient, OutboundResult } from '../../../platform/outbound/guarded-http-client';
import { MerchantAuditWriter, SYSTEM_ACTOR } from '../onboarding/merchant-audit.writer';
import { MerchantDirectory } from '../onboarding/merchant-directory.service';
import {
  MerchantWebhookDelivery,
  MerchantWebhookEndpoint,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
} from './merchant-webhook.entities';
import { MerchantWebhooksRepository } from './merchant-webhooks.repository';
import { WebhookDeliveryJob, WebhookRetryLater } from './webhook-queues';
import { FAILING_DISABLE_MS, retryDelay } from './webhook-schedule';
import { signDelivery, WEBHOOK_SECRET_PURPOSE } from './webhook-secrets';

/** A delivery's whole answer time (design section 7). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer an attempt keeps. */
export const SNIPPET_BYTES = 1024;

/** What one job did. */
export type AttemptOutcome = 'SUCCEEDED' | 'FAILED' | 'RETRY_SCHEDULED' | 'SKIPPED';

/**
 * Makes one attempt at a delivery: signs the stored body afresh (Standard Webhooks, with every
 * secret that signs now: the current one, and the previous one during a rotation's 24 h), POSTs
 * it through the outbound guard (public addresses only, vetted again, pinned, TLS verified, no
 * redirect, 10 s, the answer's first kilobyte kept), and records the attempt. Only a 2xx counts;
 * a 3xx is a failure. A 410 disables the endpoint; so does failing without one success for 5
 * days (an audit entry by SYSTEM and an e-mail to the merchant). A scheduled attempt that fails
 * with attempts left throws WebhookRetryLater with its jittered delay, which Bull's custom
 * backoff waits before the job's next try.
 */
@Injectable()
export class WebhookDeliverer {
  private readonly logger = new Logger(WebhookDeliverer.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MerchantWebhooksRepository,
    private readonly cipher: FieldCipher,
    private readonly http: GuardedHttpClient,
    private readonly audit: MerchantAuditWriter,
    private readonly merchants: MerchantDirectory,
    private readonly messages: MessageSender,
    private readonly clock: Clock,
  ) {}

  /**
   * `attemptsMade`: the job's earlier failed tries (Bull's count), which with the job's
   * `scheduledBefore` places this one in the schedule.
   */
  async attempt(job: WebhookDeliveryJob, attemptsMade: number): Promise<AttemptOutcome> {
    const manager = this.dataSource.manager;
    const delivery = await this.repository.findDelivery(manager, job.deliveryId);
    // Gone with its endpoint, or settled by an earlier try of this job (a worker died after recording).
    if (!delivery || (!job.manual && delivery.status !== 'PENDING')) return 'SKIPPED';
    const endpoint = await this.repository.findEndpointById(manager, delivery.endpointId);
    const event = await this.repository.findEvent(manager, delivery.eventId);
    if (!endpoint || !event) return 'SKIPPED';
    if (!job.manual && endpoint.status === 'DISABLED') {
      await this.repository.updateDelivery(manager, delivery.id, { status: 'FAILED', nextAttemptAt: null });
      return 'SKIPPED';
    }

    const attemptedAt = this.clock.now();
    const started = performance.now();
    const result = await this.http.post(endpoint.url, {
      totalTimeoutMs: DELIVERY_TIMEOUT_MS,
      maxBodyBytes: SNIPPET_BYTES,
      bodyOverflow: 'truncate',
      headers: {
        ...signDelivery(this.signingSecrets(endpoint, attemptedAt), event.id, attemptedAt, event.body),
        'content-type': 'application/json',
        accept: '*/*',
        'user-agent': 'paysvc-webhooks/1',
        'paysvc-event-type': event.type,
      },
      body: event.body,
    });
    const durationMs = Math.round(performance.now() - started);
    const answer = judge(result);
    if (!result.ok && result.refusedRange) {
      this.logger.warn(`webhook ${delivery.id} refused: ${result.refusedRange} address`);
    }

    const delay =
      answer.succeeded || answer.gone || job.manual
        ? null
        : retryDelay(endpoint.livemode, (job.scheduledBefore ?? 0) + attemptsMade + 1);
    const disabled = await this.record(delivery, endpoint, job, answer, {
      attemptedAt,
      durationMs,
      nextAttemptAt: delay === null ? null : new Date(attemptedAt.getTime() + delay),
    });
    if (disabled) await this.notifyDisabled(endpoint, disabled);
    if (answer.succeeded) return 'SUCCEEDED';
    if (delay !== null && disabled === null) throw new WebhookRetryLater(delay);
    return 'FAILED';
  }

  /** The secrets that sign now: the current one, and the previous one until its overlap ends. */
  private signingSecrets(endpoint: MerchantWebhookEndpoint, now: Date): string[] {
    const open = (sealed: string) => this.cipher.decrypt(WEBHOOK_SECRET_PURPOSE, endpoint.id, sealed);
    const secrets = [open(endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(open(endpoint.previousSecretSealed));
    }
    return secrets;
  }

  /**
   * The attempt, the delivery's new state and the endpoint's failing streak, in one transaction
   * under the endpoint's lock; answers why the endpoint was disabled now, or null.
   */
  private async record(
    delivery: MerchantWebhookDelivery,
    endpoint: MerchantWebhookEndpoint,
    job: WebhookDeliveryJob,
    answer: Judgement,
    timing: { attemptedAt: Date; durationMs: number; nextAttemptAt: Date | null },
  ): Promise<WebhookDisabledReason | null> {
    const { attemptedAt, nextAttemptAt } = timing;
    return this.dataSource.transaction(async (manager) => {
      const current = await this.repository.lockEndpoint(manager, endpoint.merchantId, endpoint.id);
      const locked = await this.repository.lockDelivery(manager, delivery.id);
      if (!current || !locked) return null;

      let disabled: WebhookDisabledReason | null = null;
      let failingSince = current.failingSince;
      if (answer.succeeded) failingSince = null;
      else {
        failingSince ??= attemptedAt;
        if (current.status === 'ENABLED') {
          if (answer.gone) disabled = 'GONE';
          else if (attemptedAt.getTime() - failingSince.getTime() >= FAILING_DISABLE_MS) disabled = 'FAILING';
        }
      }
      await this.repository.updateEndpoint(manager, current.id, {
        failingSince,
        ...(disabled ? { status: 'DISABLED' as const, disabledReason: disabled, updatedAt: attemptedAt } : {}),
      });

      const attemptNumber = locked.attemptCount + 1;
      const next = disabled === null ? nextAttemptAt : null;
      await this.repository.insertAttempt(manager, {
        id: newId(),
        deliveryId: locked.id,
        attemptNumber,
        manual: job.manual,
        status: answer.succeeded ? 'SUCCEEDED' : 'FAILED',
        responseStatus: answer.responseStatus,
        responseBodySnippet: answer.snippet,
        failure: answer.failure,
        durationMs: timing.durationMs,
        nextAttemptAt: next,
        attemptedAt,
      });
      let status: WebhookDeliveryStatus = locked.status;
      if (answer.succeeded) status = 'SUCCEEDED';
      else if (!job.manual || job.settles) status = next === null ? 'FAILED' : 'PENDING';
      else if (disabled !== null && status === 'PENDING') status = 'FAILED';
      await this.repository.updateDelivery(manager, locked.id, {
        status,
        attemptCount: attemptNumber,
        lastAttemptAt: attemptedAt,
        nextAttemptAt: status === 'PENDING' ? (job.manual ? locked.nextAttemptAt : next) : null,
      });

      if (disabled) {
        await this.audit.record(manager, {
          merchantId: current.merchantId,
          action: 'WEBHOOK_ENDPOINT_DISABLED',
          actor: SYSTEM_ACTOR,
          target: { type: 'webhook_endpoint', id: current.id },
          details: {
            reason: disabled,
            url: current.url,
            failingSince: failingSince?.toISOString() ?? null,
            lastResponseStatus: answer.responseStatus,
          },
        });
      }
      return disabled;
    });
  }

  /** The merchant hears, at its contact e-mail, that an endpoint stopped receiving and why. */
  private async notifyDisabled(endpoint: MerchantWebhookEndpoint, reason: WebhookDisabledReason): Promise<void> {
    const merchant = await this.merchants.findById(endpoint.merchantId);
    if (!merchant) return;
    const why = reason === 'GONE' ? 'it answered 410 Gone' : 'no delivery to it has succeeded for 5 days';
    try {
      await this.messages.send({
        channel: 'EMAIL',
        to: merchant.contactEmail,
        subject: 'A webhook endpoint was disabled',
        body: [
          `Hello ${merchant.name},`,
          '',
          `Your ${endpoint.livemode ? 'live' : 'test'} webhook endpoint ${endpoint.url} was disabled because ${why}.`,
          'No events are sent to it until it is enabled again (PATCH /merchant/webhook-endpoints/{id} with status ENABLED).',
          'Its delivery history shows each attempt and its answer.',
        ].join('\n'),
      });
    } catch (error) {
      // The audit entry holds the fact; a lost e-mail does not undo the decision.
      this.logger.warn({ err: error, endpointId: endpoint.id }, 'webhook endpoint disabled: notice not sent');
    }
  }
}

interface Judgement {
  succeeded: boolean;
  gone: boolean;
  responseStatus: number | null;
  snippet: string | null;
  failure: string | null;
}

/** 2xx only counts; a 3xx is a failure (never followed); no answer keeps the guard's safe message. */
function judge(result: OutboundResult): Judgement {
  if (!result.ok)
    return { succeeded: false, gone: false, responseStatus: null, snippet: null, failure: result.message };
  const snippet = result.body.toString('utf8').replaceAll(String.fromCharCode(0), '').slice(0, SNIPPET_BYTES);
  const redirect = result.status >= 300 && result.status < 400;
  return {
    succeeded: result.status >= 200 && result.status < 300,
    gone: result.status === 410,
    responseStatus: result.status,
    snippet,
    failure: redirect ? 'redirects are not followed' : null,
  };
}
