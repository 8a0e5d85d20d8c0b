import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, type ApiResponseOptions, DECORATORS, getSchemaPath } from '@nestjs/swagger';
import type { ApiErrorDetail } from './api-error';
import { ApiErrorDto } from './api-error.dto';
import { ErrorCode, errorCodeEntry } from './error-catalogue';

/**
 * The `details` of the example of a code whose answer carries what the client needs next, as
 * the service answers it, so a reader of the document finds it where it will be.
 */
const EXAMPLE_DETAILS: Partial<Record<ErrorCode, ApiErrorDetail[]>> = {
  // PaymentError.duplicate: the original payment, to fetch with GET /payments/{id}.
  DUPLICATE_PAYMENT: [
    { field: 'paymentId', message: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' },
    { field: 'status', message: 'PENDING' },
  ],
  // BillsError.alreadyPaid: the payment that paid the bill.
  BILL_ALREADY_PAID: [{ field: 'paymentId', message: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10' }],
  // PaymentError.refundExceedsRemaining: what is left of the payment to refund, minor units.
  REFUND_EXCEEDS_REMAINING: [{ field: 'remaining', message: '50000' }],
  // MerchantOriginsService.verify: what each method found, never an address.
  ORIGIN_CHALLENGE_NOT_FOUND: [
    { field: 'dns', message: 'no TXT record at _paysvc-challenge.shop.example.com' },
    {
      field: 'http',
      message:
        'https://shop.example.com/.well-known/paysvc-verification.txt: the name leads to an address that is not public',
    },
  ],
};

/** Codes whose body carries more than an ApiError: the schema documenting it, and what its example adds. */
const ERROR_BODIES = new Map<ErrorCode, { type: Type<ApiErrorDto>; example: Record<string, unknown> }>();

/**
 * Declares that a code's body carries members beyond the ApiError's (`ApiException.body`):
 * `type`, a DTO extending ApiErrorDto, is then the schema of its status wherever a route lists
 * the code, and `example` joins the code's example. Call it beside the code's definition (the
 * context's errors file), so it runs before any controller listing the code is declared.
 */
export function defineErrorBody(code: ErrorCode, type: Type<ApiErrorDto>, example: Record<string, unknown>): void {
  ERROR_BODIES.set(code, { type, example });
}

/**
 * Documents the ApiError responses a route can give, grouped by status, each with an example
 * per code. Every route gets 400/500 through the document builder; routes list the rest. A
 * status whose codes include one with a body of its own (`defineErrorBody`) is documented with
 * that body's schema, whose extra members are optional: the other codes of the status omit them.
 */
export function ApiErrors(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCodeEntry(code).status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schemaOf = (statusCodes: ErrorCode[]): Type<ApiErrorDto> => {
    const types = new Set(statusCodes.flatMap((code) => ERROR_BODIES.get(code)?.type ?? []));
    if (types.size > 1) throw new Error(`codes ${statusCodes.join(', ')} document one status with different bodies`);
    return [...types][0] ?? ApiErrorDto;
  };
  return applyDecorators(
    ApiExtraModels(ApiErrorDto, ...[...ERROR_BODIES.values()].map((body) => body.type)),
    ...[...byStatus.entries()].map(([status, statusCodes]) =>
      ErrorResponse({
        status,
        description: statusCodes.map((code) => `\`${code}\`: ${errorCodeEntry(code).description}`).join('\n\n'),
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(schemaOf(statusCodes)) },
            examples: Object.fromEntries(
              statusCodes.map((code) => [
                code,
                {
                  value: {
                    code,
                    message: errorCodeEntry(code).description,
                    requestId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
                    ...(EXAMPLE_DETAILS[code] ? { details: EXAMPLE_DETAILS[code] } : {}),
                    ...ERROR_BODIES.get(code)?.example,
                  },
                },
              ]),
            ),
          },
        },
      }),
    ),
  );
}

type ErrorExamples = Record<string, { value: Record<string, unknown> }>;

/** An error status's response as ApiErrors declares it: one JSON schema, an example per code. */
interface ErrorResponseOptions {
  status: number;
  description: string;
  content: { 'application/json': { schema: { $ref: string }; examples: ErrorExamples } };
}

/**
 * `ApiResponse`, keeping the examples of a response of the same status declared before on the route (the
 * auth decorators' `AMBIGUOUS_CREDENTIALS` beside a route's own 400 codes): Nest merges two responses of one
 * status by their descriptions, but the second's `content` replaces the first's, examples and all.
 */
function ErrorResponse(options: ErrorResponseOptions): MethodDecorator & ClassDecorator {
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor ? descriptor.value : target) as object;
    const declared = Reflect.getMetadata(DECORATORS.API_RESPONSE, holder) as
      | Record<string, { content?: { 'application/json'?: { examples?: ErrorExamples } } }>
      | undefined;
    const earlier = declared?.[String(options.status)]?.content?.['application/json']?.examples;
    const media = options.content['application/json'];
    const merged: ErrorResponseOptions = earlier
      ? { ...options, content: { 'application/json': { ...media, examples: { ...earlier, ...media.examples } } } }
      : options;
    const decorator = ApiResponse(merged as ApiResponseOptions);
    return descriptor ? decorator(target, key!, descriptor) : decorator(target as never);
  }) as MethodDecorator & ClassDecorator;
}
