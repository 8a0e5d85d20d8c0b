import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AdminAuditWriter } from '../../platform/audit/admin-audit.writer';
import { localDate, startOfDay } from '../../platform/clock/calendar-dates';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { newId } from '../../platform/database/new-id';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, run } from '../../platform/database/statement-executor';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { StaffDirectory } from '../identity';
import { LedgerService } from '../ledger';
import { agentAccounts, floatTopUpEntry, PaymentHistory } from '../payments';
import { AgentError } from './agents.errors';
import { AGENT_EVENTS } from './agents.events';
import { FloatTopUp } from './float-top-up.entity';
import { AgentsConfig } from './agents.config';
import * as agents from './sql/agents.queries';

/** An agent's cash position, minor units of `currency`. */
export interface CashPosition {
  currency: string;
  floatBalance: bigint;
  floatLimit: bigint;
  perPaymentLimit: bigint;
  dailyLimit: bigint;
  /** Counted against `dailyLimit`: amounts paid over the rolling 24 hours, not failed. */
  dailyLimitUsed: bigint;
  /** Amount + fee of today's payments (business day), not failed or refunded: the cash the agent holds for them. */
  cashCollectedToday: bigint;
  paymentsToday: number;
  commissionToday: bigint;
  commissionThisMonth: bigint;
  /** Commission earned and not yet paid out. */
  commissionBalance: bigint;
  asOf: Date;
}

export interface TopUpRequest {
  amount: number;
  currency: string;
  reference: string;
}

const SQL = sqlStatements('agents', agents);

/**
 * Agents' floats: the cash value an agent prepaid, held as a ledger liability
 * (`agent:{id}:float:{CUR}`), credited by an admin's top-up (a journal entry against the cash
 * deposited) and drawn down by each cash payment through the payment core. Floats are in
 * `LIMITS_CURRENCY`, the currency agents' limits are set in.
 */
@Injectable()
export class AgentFloatService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly history: PaymentHistory,
    private readonly staff: StaffDirectory,
    private readonly outbox: OutboxWriter,
    private readonly audit: AdminAuditWriter,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly settings: AgentsConfig,
  ) {}

  get currency(): string {
    return this.config.LIMITS_CURRENCY;
  }

  async position(agentId: string): Promise<CashPosition> {
    const now = this.clock.now();
    const zone = this.config.SCHEDULE_TIME_ZONE;
    const today = localDate(now, zone);
    const dayStart = startOfDay(today, zone);
    const monthStart = startOfDay(`${today.slice(0, 7)}-01`, zone);
    const accounts = agentAccounts(agentId, this.currency);
    const [floatLines, commissionLines, commissionToday, commissionThisMonth, activity, used] = await Promise.all([
      this.ledger.balance(accounts.float.code),
      this.ledger.balance(accounts.commission.code),
      this.ledger.movementSince(accounts.commission.code, dayStart),
      this.ledger.movementSince(accounts.commission.code, monthStart),
      this.history.payerActivitySince(agentId, dayStart),
      this.history.payerUsedToday(agentId, this.currency),
    ]);
    // Liabilities: their lines sum negative while we owe the agent.
    return {
      currency: this.currency,
      floatBalance: -floatLines,
      floatLimit: BigInt(this.settings.AGENT_FLOAT_LIMIT),
      perPaymentLimit: BigInt(this.settings.AGENT_PER_PAYMENT_LIMIT),
      dailyLimit: BigInt(this.settings.AGENT_DAILY_LIMIT),
      dailyLimitUsed: used,
      cashCollectedToday: activity.taken,
      paymentsToday: activity.payments,
      commissionToday: -commissionToday,
      commissionThisMonth: -commissionThisMonth,
      commissionBalance: -commissionLines,
      asOf: now,
    };
  }

  /**
   * Credits an agent's float with cash they deposited, once per (agent, reference): the same
   * reference again with the same figures answers the original top-up (`created: false`),
   * with other figures 409 TOP_UP_REFERENCE_REUSED. 422 FLOAT_LIMIT_EXCEEDED past the limit;
   * 404 when the user is not an active agent. `actorUserId` null: the command-line task.
   */
  async topUp(
    actorUserId: string | null,
    agentId: string,
    request: TopUpRequest,
  ): Promise<{ topUp: FloatTopUp; created: boolean }> {
    const agent = await this.staff.activeStaff(agentId);
    if (!agent || agent.role !== 'AGENT') throw AgentError.agentNotFound();
    if (request.currency !== this.currency) {
      throw AgentError.invalid('currency', `must be ${this.currency}: agents' floats are held in it`);
    }
    const accounts = agentAccounts(agentId, this.currency);
    await this.ledger.openAccounts([accounts.float, accounts.floatDeposits]);
    return this.dataSource.transaction(async (manager) => {
      await run(executorOn(manager), SQL.lockAgentFloat, { agentId });
      const existing = await manager.findOne(FloatTopUp, { where: { agentId, reference: request.reference } });
      if (existing) {
        if (existing.amount !== request.amount || existing.currency !== request.currency) {
          throw AgentError.referenceReused(existing.id);
        }
        return { topUp: existing, created: false };
      }
      const balance = -(await this.ledger.balance(accounts.float.code, manager));
      const limit = BigInt(this.settings.AGENT_FLOAT_LIMIT);
      const amount = BigInt(request.amount);
      if (balance + amount > limit) throw AgentError.floatLimitExceeded(balance, limit, amount);
      const topUp = await this.record(manager, actorUserId, agentId, request);
      return { topUp, created: true };
    });
  }

  private async record(
    manager: EntityManager,
    actorUserId: string | null,
    agentId: string,
    request: TopUpRequest,
  ): Promise<FloatTopUp> {
    const id = newId();
    const journalEntryId = await this.ledger.post(manager, floatTopUpEntry({ id, agentId, ...request }));
    const topUp: FloatTopUp = {
      id,
      agentId,
      reference: request.reference,
      amount: request.amount,
      currency: request.currency,
      journalEntryId,
      createdBy: actorUserId,
      createdAt: this.clock.now(),
    };
    await manager.insert(FloatTopUp, topUp);
    await this.outbox.write(manager, {
      eventType: AGENT_EVENTS.floatToppedUp,
      aggregateType: 'agent',
      aggregateId: agentId,
      payload: {
        topUpId: id,
        agentId,
        amount: request.amount,
        currency: request.currency,
        reference: request.reference,
      },
    });
    if (actorUserId) {
      await this.audit.record(manager, {
        actorUserId,
        action: 'agent_float.topped_up',
        entityType: 'agent_float_top_up',
        entityId: id,
        after: { agentId, amount: request.amount, currency: request.currency, reference: request.reference },
      });
    }
    return topUp;
  }
}
