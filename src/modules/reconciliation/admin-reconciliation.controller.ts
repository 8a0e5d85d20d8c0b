import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffAuth } from '../../platform/auth/auth.decorators';
import { CSV_MEDIA_TYPE, sendCsv } from '../../platform/http/csv-export';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { ReconciliationQueryDto, ReconciliationWindowQueryDto } from './dto/reconciliation-query.dto';
import { ReconciliationResponseDto, toReconciliationResponse } from './dto/reconciliation-response.dto';
import {
  RECONCILIATION_CSV_COLUMNS,
  RECONCILIATION_CSV_HEADER,
  RECONCILIATION_CSV_HEADERS,
} from './reconciliation-csv';
import { ReconciliationService } from './reconciliation.service';

const CSV_EXAMPLE = `${RECONCILIATION_CSV_HEADER}AMOUNT_MISMATCH,RAIL,0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a10,SUCCEEDED,0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a11,0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a12,card_cap_3f1a2b4c5d6e7f809a1b,IKE-000123,'=cmd|' /C calc'!A0,125100,120000,NGN,2026-11-22T09:15:00.000Z,"The rail captured 120000, not amount + fee 125100"\r\n`;

@ApiTags('Admin: reconciliation')
@Controller('admin/reconciliation')
export class AdminReconciliationController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  /**
   * Reconcile the payments created in a window (default: the current business day in
   * SCHEDULE_TIME_ZONE) against their posting attempts, ledger entries, rail captures and the
   * billers' records: totals per status and currency, and the breaks found, paged, oldest
   * payment first, with the captured payments held for AML review listed as `HELD_FOR_REVIEW`
   * (never `MISSING_POSTING`). Filter by break `type`. Read-only; computed at each call.
   */
  @Get()
  @StaffAuth('ADMIN')
  @ApiOkResponse({ type: ReconciliationResponseDto })
  @ApiErrors('VALIDATION_FAILED')
  async report(@Query() query: ReconciliationQueryDto): Promise<ReconciliationResponseDto> {
    const window = this.reconciliation.window(query);
    const report = await this.reconciliation.report(window, query.type ?? null, query);
    return toReconciliationResponse(report);
  }

  /**
   * The CSV export. The OpenAPI text is written out in the decorator, not taken from this comment
   * by the swagger plugin: the column list comes from RECONCILIATION_CSV_COLUMNS, so it cannot
   * drift from what the export writes.
   */
  @Get('export')
  @StaffAuth('ADMIN')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: "The same run's breaks as a CSV file",
    description: [
      "The same run's breaks (every page, same window and `type`; `HELD_FOR_REVIEW` rows included, as in",
      'the JSON) as CSV, streamed from a database',
      'cursor: RFC 4180 (comma separated, CRLF, fields with a comma, quote or line break quoted), with',
      'a header row. Text cells starting with `=`, `+`, `-`, `@`, a tab, a carriage return or NUL are',
      "prefixed with `'` so spreadsheets do not run them as formulas (amounts are numbers and are not).",
      '',
      `Columns, in order: ${RECONCILIATION_CSV_HEADERS.map((column) => `\`${column}\``).join(', ')}.`,
    ].join('\n'),
  })
  @ApiProduces(CSV_MEDIA_TYPE)
  @ApiOkResponse({
    description: `CSV, one break (or \`HELD_FOR_REVIEW\` row) per record after the header: ${RECONCILIATION_CSV_HEADERS.join(', ')}. Sent as an attachment named \`reconciliation-{from}-{to}.csv\`.`,
    content: { [CSV_MEDIA_TYPE]: { schema: { type: 'string' }, example: CSV_EXAMPLE } },
  })
  @ApiErrors('VALIDATION_FAILED')
  async export(@Query() query: ReconciliationWindowQueryDto, @Res() response: Response): Promise<void> {
    const window = this.reconciliation.window(query);
    await sendCsv(response, {
      filename: `reconciliation-${stamp(window.from)}-${stamp(window.to)}.csv`,
      columns: RECONCILIATION_CSV_COLUMNS,
      rows: this.reconciliation.breakRows(window, query.type ?? null),
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
