import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { Page, toPage } from '../../platform/http/pagination';
import { CustomerDirectory } from '../identity';
import { type Payment, PaymentCore, PaymentError, PaymentHistory, requestFingerprint } from '../payments';
import type { AgentPaymentRequestDto } from './dto/agent-payment-request.dto';
import { AgentsConfig } from './agents.config';

/**
 * Agents' cash payments: the agent takes cash from a walk-in customer and pays the bill from
 * their float through the payment core (`PaymentCore.payFromAgentFloat`), under the agents'
 * limits (`AGENT_PER_PAYMENT_LIMIT`, `AGENT_DAILY_LIMIT`, in LIMITS_CURRENCY).
 */
@Injectable()
export class AgentPaymentsService {
  constructor(
    private readonly core: PaymentCore,
    private readonly history: PaymentHistory,
    private readonly customers: CustomerDirectory,
    private readonly config: AppConfig,
    private readonly settings: AgentsConfig,
  ) {}

  async pay(agentId: string, idempotencyKey: string | undefined, request: AgentPaymentRequestDto): Promise<Payment> {
    if (idempotencyKey === undefined) throw PaymentError.keyRequired();
    // Agents' limits and floats are set in one currency.
    if (request.currency !== this.config.LIMITS_CURRENCY) throw PaymentError.limitNotConfigured(request.currency);
    const walkIn = request.customerPhone ? await this.customers.findVerifiedByPhone(request.customerPhone) : null;
    return this.core.payFromAgentFloat({
      agentId,
      // A registered customer sees the payment in their history; otherwise the agent is the customer of record.
      customerId: walkIn ?? agentId,
      idempotencyKey,
      requestHash: requestFingerprint({ ...request, confirmDuplicate: request.confirmDuplicate === true }),
      biller: request.biller,
      accountReference: request.accountReference,
      savedAccountId: null,
      amount: request.amount,
      currency: request.currency,
      confirmDuplicate: request.confirmDuplicate === true,
      limits: { perPayment: this.settings.AGENT_PER_PAYMENT_LIMIT, daily: this.settings.AGENT_DAILY_LIMIT },
    });
  }

  async transactions(agentId: string, query: { page: number; size: number }): Promise<Page<Payment>> {
    const { rows, total } = await this.history.pageByPayer(agentId, query.page, query.size);
    return toPage(rows, total, query);
  }
}
