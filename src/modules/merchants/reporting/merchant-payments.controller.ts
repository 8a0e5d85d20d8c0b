import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { CSV_MEDIA_TYPE, sendCsvText } from '../../../platform/http/csv-export';
import {
  MerchantPaymentPageResponseDto,
  MerchantPaymentsFilterQueryDto,
  MerchantPaymentsQueryDto,
} from './dto/merchant-payments.dto';
import { MERCHANT_PAYMENTS_CSV_HEADER, MERCHANT_PAYMENTS_CSV_HEADERS } from './merchant-payments-csv';
import { MerchantPaymentsService } from './merchant-payments.service';
import { EXPORT_MAX_DAYS } from './payment-filters';

const CSV_EXAMPLE = `${MERCHANT_PAYMENTS_CSV_HEADER}0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e,2026-11-25T10:00:00.000Z,2026-11-25T10:00:01.250Z,,SUCCEEDED,250000,3750,246250,0,NGN,CARD,'=order-1042,0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10,,424242******4242,a***@example.com,false\r\n`;

/**
 * The merchant's checkout payments (merchant API, spec 4.10), for the merchant's server with its
 * API key only: a `sk_test_` key reads test payments, a `sk_live_` key live ones, each its own
 * merchant's alone.
 */
@ApiTags('Merchant payments')
@Controller('merchant')
export class MerchantPaymentsController {
  constructor(private readonly payments: MerchantPaymentsService) {}

  /**
   * The key mode's checkout payments, newest first, `size` (1-50, default 50) a page; pass
   * `nextCursor` back as `cursor` (with the same filters) for older ones: payments made meanwhile
   * never shift a page. Filters: `date_from`/`date_to` (created in the window; a date alone is a
   * whole UTC day), `status` (`PAID`: SUCCEEDED; `REFUNDED`: `refundedAmount` > 0), `rail`,
   * `min_amount`/`max_amount` (minor units, inclusive) and `q` (the merchant reference exactly,
   * or the payer's e-mail). 400 VALIDATION_FAILED for a bad filter, `date_from` after `date_to`
   * or `min_amount` above `max_amount`; 400 INVALID_CURSOR for a cursor this list did not issue
   * for this merchant and mode.
   */
  @Get('payments')
  @MerchantApiKey()
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ type: MerchantPaymentPageResponseDto })
  @ApiErrors('VALIDATION_FAILED', 'INVALID_CURSOR')
  page(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantPaymentsQueryDto,
  ): Promise<MerchantPaymentPageResponseDto> {
    return this.payments.page(principal, query);
  }

  /**
   * The CSV export. The OpenAPI text is written out in the decorator, not taken from this comment
   * by the swagger plugin: the column list comes from MERCHANT_PAYMENTS_CSV_HEADERS, the export
   * statement's column names (checked when compiling), so it cannot drift from what the export writes.
   */
  @Get('payments.csv')
  @MerchantApiKey()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'The checkout payments as a CSV file',
    description: [
      "The key mode's checkout payments the list's filters select (every page, newest first) as CSV,",
      'streamed from a database cursor: RFC 4180 (comma separated, CRLF, fields with a comma, quote or',
      'line break quoted), with a header row. Text cells starting with `=`, `+`, `-`, `@`, a tab, a',
      "carriage return or NUL are prefixed with `'` so spreadsheets do not run them as formulas",
      '(amounts are numbers and are not).',
      '',
      `The window is at most ${EXPORT_MAX_DAYS} days: \`date_to\` is now when left out, \`date_from\``,
      `${EXPORT_MAX_DAYS} days before \`date_to\` when left out; a longer one, or any bad filter, is 400 before`,
      'any byte of the file.',
      '',
      `Columns, in order: ${MERCHANT_PAYMENTS_CSV_HEADERS.map((column) => `\`${column}\``).join(', ')}.`,
    ].join('\n'),
  })
  @ApiProduces(CSV_MEDIA_TYPE)
  @ApiOkResponse({
    description: `CSV, one payment per record after the header: ${MERCHANT_PAYMENTS_CSV_HEADERS.join(', ')}. Sent as an attachment named \`payments-{live|test}-{from}-{to}.csv\`.`,
    headers: {
      'Content-Disposition': {
        description: 'Always an attachment, with its file name.',
        schema: {
          type: 'string',
          example: 'attachment; filename="payments-test-20261101T000000Z-20261130T235959Z.csv"',
        },
      },
    },
    content: { [CSV_MEDIA_TYPE]: { schema: { type: 'string' }, example: CSV_EXAMPLE } },
  })
  @ApiErrors('VALIDATION_FAILED')
  async export(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantPaymentsFilterQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const csv = this.payments.export(principal, query);
    await sendCsvText(response, {
      filename: `payments-${principal.livemode ? 'live' : 'test'}-${stamp(csv.from)}-${stamp(csv.to)}.csv`,
      text: csv.text,
    });
  }
}

/** 2026-11-22T09:15:00.000Z -> 20261122T091500Z, safe in a file name. */
function stamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
