/**
 * Operations excused from a check, each with the reason written beside it. The harness prints
 * this list at the end of every run.
 */
export type ContractCheck = 'goodInput' | 'badInput' | 'authentication';

export interface OptOut {
  operationId: string;
  check: ContractCheck;
  reason: string;
}

export const OPT_OUTS: OptOut[] = [
  {
    operationId: 'MerchantEvents_stream',
    check: 'goodInput',
    reason:
      'a server-sent event stream stays open, and this harness reads answers to their end; test/merchants/merchant-event-stream.e2e-spec.ts reads it over a real connection',
  },
];

export function isOptedOut(operationId: string, check: ContractCheck): boolean {
  return OPT_OUTS.some((optOut) => optOut.operationId === operationId && optOut.check === check);
}
