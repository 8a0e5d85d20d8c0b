import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
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
};

/**
 * Documents the ApiError responses a route can give, grouped by status, each with an example
 * per code. Every route gets 400/500 through the document builder; routes list the rest.
 */
export function ApiErrors(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCodeEntry(code).status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ApiExtraModels(ApiErrorDto),
    ...[...byStatus.entries()].map(([status, statusCodes]) =>
      ApiResponse({
        status,
        description: statusCodes.map((code) => `\`${code}\`: ${errorCodeEntry(code).description}`).join('\n\n'),
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(ApiErrorDto) },
            examples: Object.fromEntries(
              statusCodes.map((code) => [
                code,
                {
                  value: {
                    code,
                    message: errorCodeEntry(code).description,
                    requestId: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01',
                    ...(EXAMPLE_DETAILS[code] ? { details: EXAMPLE_DETAILS[code] } : {}),
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
