import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../platform/audit/admin-audit.writer';
import type { UserPrincipal, UserRole } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { DisputesConfig } from './disputes.config';
import { newId } from '../../platform/database/new-id';
import { ApiException } from '../../platform/http/api-error';
import { Page, toPage } from '../../platform/http/pagination';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { StaffDirectory } from '../identity';
import { type DisputablePayment, PaymentRefunds } from '../payments';
import type { Dispute, DisputeReason, DisputeStatus, DisputeTimelineEntry } from './dispute.entity';
import { DisputeQueueFilter, DisputeRepository } from './dispute.repository';
import { disputeDueBy, DisputeSla, parseDisputeSla } from './dispute-sla';
import { canMove } from './dispute-transitions';
import { DISPUTE_EVENTS, DisputeEventPayload, DisputeEventType } from './disputes.events';
import { DisputeError } from './disputes.errors';
import type { StaffDisputeStatus } from './dto/dispute-patch-request.dto';

/** Who handles disputes: they see every dispute, internal comments included, and change them. */
export const DISPUTE_HANDLERS: readonly UserRole[] = ['SUPPORT', 'ADMIN'];

export function isDisputeHandler(role: UserRole): boolean {
  return DISPUTE_HANDLERS.includes(role);
}

export interface DisputeWithTimeline {
  dispute: Dispute;
  timeline: DisputeTimelineEntry[];
}

export interface DisputeHandling {
  assigneeId?: string;
  status?: StaffDisputeStatus;
  resolutionNote?: string;
}

/**
 * Payment disputes: customers open, follow, comment on and withdraw their own; SUPPORT and
 * ADMIN users take them for review and resolve them, a resolution for the customer refunding
 * the payment through the payment core in the same transaction. Every state change is on the
 * dispute's timeline and notifies the customer through the outbox.
 */
@Injectable()
export class DisputesService {
  private readonly sla: DisputeSla;

  constructor(
    private readonly dataSource: DataSource,
    private readonly disputes: DisputeRepository,
    private readonly refunds: PaymentRefunds,
    private readonly staff: StaffDirectory,
    private readonly outbox: OutboxWriter,
    private readonly audit: AdminAuditWriter,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    settings: DisputesConfig,
  ) {
    this.sla = parseDisputeSla(settings.DISPUTE_SLA_BUSINESS_DAYS);
  }

  now(): Date {
    return this.clock.now();
  }

  /** The SLA deadline of a dispute of `reason` opened at `openedAt`. */
  dueBy(reason: DisputeReason, openedAt: Date): Date {
    return disputeDueBy(openedAt, this.sla.get(reason) as number, this.config.SCHEDULE_TIME_ZONE);
  }

  async open(
    principal: UserPrincipal,
    request: { paymentId: string; reason: DisputeReason; description: string },
  ): Promise<Dispute> {
    const payment = await this.refunds.disputable(principal.userId, request.paymentId);
    if (!payment) throw DisputeError.paymentNotFound();
    if (!payment.refundable) throw DisputeError.notDisputable(payment.status);
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const dispute = await this.disputes.insertOpen(
        manager,
        {
          id: newId(),
          customerId: principal.userId,
          paymentId: payment.id,
          reason: request.reason,
          description: request.description.trim(),
          dueBy: this.dueBy(request.reason, now),
        },
        now,
      );
      if (!dispute) {
        const open = await this.disputes.openOfPayment(manager, payment.id);
        throw DisputeError.alreadyOpen(open?.id ?? '');
      }
      await this.record(manager, dispute, principal, { kind: 'STATUS', fromStatus: null, toStatus: 'OPEN' }, now);
      await this.notify(manager, DISPUTE_EVENTS.opened, dispute, null, payment);
      return dispute;
    });
  }

  async listOwn(customerId: string, query: { page: number; size: number }): Promise<Page<Dispute>> {
    const { disputes, total } = await this.disputes.pageOwned(
      this.dataSource.manager,
      customerId,
      query.size,
      query.page * query.size,
    );
    return toPage(disputes, total, query);
  }

  async queue(filter: Omit<DisputeQueueFilter, 'now'>, query: { page: number; size: number }): Promise<Page<Dispute>> {
    const { disputes, total } = await this.disputes.pageQueue(
      this.dataSource.manager,
      { ...filter, now: this.clock.now() },
      query.size,
      query.page * query.size,
    );
    return toPage(disputes, total, query);
  }

  /** The dispute with its timeline: the customer's own (no internal comments), or any for a handler. */
  async detail(principal: UserPrincipal, id: string): Promise<DisputeWithTimeline> {
    const manager = this.dataSource.manager;
    const dispute = await this.visible(manager, principal, id);
    const handler = isDisputeHandler(principal.role);
    return { dispute, timeline: await this.disputes.timeline(manager, dispute.id, handler) };
  }

  /** Staff handling: assignment, review, resolution. */
  async handle(principal: UserPrincipal, id: string, change: DisputeHandling): Promise<Dispute> {
    if (change.assigneeId === undefined && change.status === undefined && change.resolutionNote === undefined) {
      throw DisputeError.invalid('body', 'must change assigneeId or status');
    }
    if (change.status === 'RESOLVED_REJECTED' && !change.resolutionNote) {
      throw DisputeError.invalid('resolutionNote', 'is required to reject a dispute: the customer reads it');
    }
    if (
      change.resolutionNote !== undefined &&
      change.status !== 'RESOLVED_CUSTOMER' &&
      change.status !== 'RESOLVED_REJECTED'
    ) {
      throw DisputeError.invalid('resolutionNote', 'is sent only with a resolution status');
    }
    const assigneeId = change.assigneeId ?? (change.status === 'UNDER_REVIEW' ? principal.userId : undefined);
    if (assigneeId !== undefined) {
      const assignee = await this.staff.activeStaff(assigneeId);
      if (!assignee || !isDisputeHandler(assignee.role)) throw DisputeError.assigneeNotEligible();
    }
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const current = await this.disputes.findById(manager, id, true);
      if (!current) throw DisputeError.notFound();
      const target: DisputeStatus | undefined =
        change.status ?? (assigneeId !== undefined && current.status === 'OPEN' ? 'UNDER_REVIEW' : undefined);
      const reassigning = target === undefined || (target === 'UNDER_REVIEW' && current.status === 'UNDER_REVIEW');
      if (reassigning) {
        if (current.status !== 'UNDER_REVIEW' || assigneeId === undefined) {
          throw DisputeError.invalidTransition(current.status, target ?? current.status);
        }
        if (assigneeId === current.assigneeId) return current;
        const updated = await this.disputes.update(manager, current.id, { assigneeId }, now);
        await this.record(manager, updated, principal, { kind: 'ASSIGNMENT', assigneeId }, now);
        await this.auditChange(manager, principal, current, updated);
        return updated;
      }
      if (!canMove(current.status, target)) throw DisputeError.invalidTransition(current.status, target);
      const closing = target === 'RESOLVED_CUSTOMER' || target === 'RESOLVED_REJECTED';
      if (target === 'RESOLVED_CUSTOMER') {
        await this.refunds.refund(
          manager,
          current.paymentId,
          `Refunded: dispute ${current.id} resolved for the customer`,
        );
      }
      const updated = await this.disputes.update(
        manager,
        current.id,
        {
          status: target,
          assigneeId,
          ...(closing ? { resolutionNote: change.resolutionNote ?? null, closedAt: now } : {}),
        },
        now,
      );
      if (assigneeId !== undefined && assigneeId !== current.assigneeId) {
        await this.record(manager, updated, principal, { kind: 'ASSIGNMENT', assigneeId }, now);
      }
      await this.record(
        manager,
        updated,
        principal,
        { kind: 'STATUS', fromStatus: current.status, toStatus: target, body: change.resolutionNote ?? null },
        now,
      );
      await this.auditChange(manager, principal, current, updated);
      await this.notify(manager, DISPUTE_EVENTS.statusChanged, updated, current.status);
      return updated;
    });
  }

  /** The customer withdraws their own open dispute. */
  async withdraw(principal: UserPrincipal, id: string): Promise<Dispute> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const current = await this.disputes.findById(manager, id, true);
      if (!current || current.customerId !== principal.userId) throw DisputeError.notFound();
      if (!canMove(current.status, 'WITHDRAWN')) throw DisputeError.invalidTransition(current.status, 'WITHDRAWN');
      const updated = await this.disputes.update(manager, current.id, { status: 'WITHDRAWN', closedAt: now }, now);
      await this.record(
        manager,
        updated,
        principal,
        { kind: 'STATUS', fromStatus: current.status, toStatus: 'WITHDRAWN' },
        now,
      );
      await this.notify(manager, DISPUTE_EVENTS.statusChanged, updated, current.status);
      return updated;
    });
  }

  /** A comment: the customer on their own dispute, a handler on any (and only a handler's may be internal). */
  async comment(
    principal: UserPrincipal,
    id: string,
    comment: { body: string; internal?: boolean },
  ): Promise<DisputeTimelineEntry> {
    const internal = comment.internal === true;
    return this.dataSource.transaction(async (manager) => {
      const dispute = await this.visible(manager, principal, id);
      if (internal && !isDisputeHandler(principal.role)) {
        throw new ApiException('FORBIDDEN', 'Only support staff may write internal comments', [
          { field: 'internal', message: 'is for SUPPORT and ADMIN users only' },
        ]);
      }
      return this.record(
        manager,
        dispute,
        principal,
        { kind: 'COMMENT', body: comment.body.trim(), internal },
        this.clock.now(),
      );
    });
  }

  /**
   * Raises the escalation of every open dispute past its deadline, once each
   * (`dispute.sla_breached`, for operations). Answers how many it raised.
   */
  async escalateBreached(batch = 100): Promise<number> {
    let raised = 0;
    for (;;) {
      const escalated = await this.dataSource.transaction(async (manager) => {
        const breached = await this.disputes.claimBreached(manager, this.clock.now(), batch);
        for (const dispute of breached) await this.notify(manager, DISPUTE_EVENTS.slaBreached, dispute, null);
        return breached.length;
      });
      raised += escalated;
      if (escalated < batch) return raised;
    }
  }

  private async visible(manager: EntityManager, principal: UserPrincipal, id: string): Promise<Dispute> {
    const dispute = await this.disputes.findById(manager, id);
    if (!dispute || (dispute.customerId !== principal.userId && !isDisputeHandler(principal.role))) {
      throw DisputeError.notFound();
    }
    return dispute;
  }

  private async record(
    manager: EntityManager,
    dispute: Dispute,
    actor: UserPrincipal,
    step: Partial<Pick<DisputeTimelineEntry, 'fromStatus' | 'toStatus' | 'assigneeId' | 'body' | 'internal'>> &
      Pick<DisputeTimelineEntry, 'kind'>,
    at: Date,
  ): Promise<DisputeTimelineEntry> {
    const entry: DisputeTimelineEntry = {
      id: newId(),
      disputeId: dispute.id,
      kind: step.kind,
      actorId: actor.userId,
      actorRole: actor.role,
      fromStatus: step.fromStatus ?? null,
      toStatus: step.toStatus ?? null,
      assigneeId: step.assigneeId ?? null,
      body: step.body ?? null,
      internal: step.internal ?? false,
      at,
    };
    await this.disputes.addToTimeline(manager, entry);
    return entry;
  }

  private async auditChange(
    manager: EntityManager,
    actor: UserPrincipal,
    before: Dispute,
    after: Dispute,
  ): Promise<void> {
    await this.audit.record(manager, {
      actorUserId: actor.userId,
      action: 'dispute.updated',
      entityType: 'dispute',
      entityId: after.id,
      before: { status: before.status, assigneeId: before.assigneeId, resolutionNote: before.resolutionNote },
      after: { status: after.status, assigneeId: after.assigneeId, resolutionNote: after.resolutionNote },
    });
  }

  private async notify(
    manager: EntityManager,
    eventType: DisputeEventType,
    dispute: Dispute,
    previousStatus: DisputeStatus | null,
    known?: DisputablePayment,
  ): Promise<void> {
    const payment = known ?? (await this.refunds.disputable(dispute.customerId, dispute.paymentId, manager));
    const payload: DisputeEventPayload = {
      disputeId: dispute.id,
      customerId: dispute.customerId,
      paymentId: dispute.paymentId,
      reason: dispute.reason,
      status: dispute.status,
      previousStatus,
      resolutionNote: dispute.resolutionNote,
      assigneeId: dispute.assigneeId,
      dueBy: dispute.dueBy.toISOString(),
      billerName: payment?.billerName ?? '',
      accountReference: payment?.accountReference ?? '',
      amount: payment?.amount ?? 0,
      currency: payment?.currency ?? '',
    };
    await this.outbox.write(manager, {
      eventType,
      aggregateType: 'dispute',
      aggregateId: dispute.id,
      payload,
    });
  }
}
