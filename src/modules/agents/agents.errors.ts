import { HttpStatus } from '@nestjs/common';
import { ApiErrorDetail, ApiException } from '../../platform/http/api-error';
import { Codes, defineErrorCodes, ErrorCode } from '../../platform/http/error-catalogue';

/** The agents context's error codes. */
export const AGENT_ERROR_CODES = defineErrorCodes({
  FLOAT_LIMIT_EXCEEDED: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    description:
      "The top-up would take the agent's float above AGENT_FLOAT_LIMIT; `details` carry the balance, the limit and the headroom.",
  },
  TOP_UP_REFERENCE_REUSED: {
    status: HttpStatus.CONFLICT,
    description:
      'The agent already has a top-up with this reference for another amount or currency; `details` name it. The same reference with the same figures answers the original top-up.',
  },
} as const);

declare module '../../platform/http/error-catalogue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends Codes<typeof AGENT_ERROR_CODES> {}
}

/** An error of the agents context; the global filter renders it like any ApiException. */
export class AgentError extends ApiException {
  constructor(code: ErrorCode, message: string, details?: ApiErrorDetail[]) {
    super(code, message, details);
    this.name = 'AgentError';
  }

  static agentNotFound(): AgentError {
    return new AgentError('NOT_FOUND', 'Agent not found', [{ field: 'userId', message: 'is not an active agent' }]);
  }

  static invalid(field: string, message: string): AgentError {
    return new AgentError('VALIDATION_FAILED', 'Request validation failed', [{ field, message }]);
  }

  static floatLimitExceeded(balance: bigint, limit: bigint, amount: bigint): AgentError {
    const headroom = limit - balance > 0n ? limit - balance : 0n;
    return new AgentError('FLOAT_LIMIT_EXCEEDED', "The top-up would take the agent's float above its limit", [
      { field: 'floatBalance', message: balance.toString() },
      { field: 'floatLimit', message: limit.toString() },
      { field: 'headroom', message: headroom.toString() },
      { field: 'amount', message: `${amount.toString()} exceeds the headroom` },
    ]);
  }

  static referenceReused(topUpId: string): AgentError {
    return new AgentError('TOP_UP_REFERENCE_REUSED', 'This reference was used for another top-up', [
      { field: 'reference', message: topUpId },
    ]);
  }
}
