import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { ApiPageResponse, type Page } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import {
  MerchantStatementListQueryDto,
  MerchantStatementResponseDto,
  toMerchantStatementResponse,
} from './dto/merchant-statement.dto';
import { STATEMENT_FORMAT_NAMES } from './merchant-statement-row';
import { MerchantStatementsService } from './merchant-statements.service';

/** Monthly statements (merchant API, 4.10), for the merchant's server with its API key only, in the key's mode. */
@ApiTags('Merchant statements')
@Controller('merchant/statements')
export class MerchantStatementsController {
  constructor(private readonly statements: MerchantStatementsService) {}

  /**
   * The key mode's monthly statements, the newest month first (one per currency the month had money in),
   * made on the 1st of each month at 02:00 UTC for the month before. `page` from 0, `size` 1 to 100
   * (50 by default); anything else is 400.
   */
  @Get()
  @MerchantApiKey()
  @ApiPageResponse(MerchantStatementResponseDto, 'MerchantStatementPage')
  @ApiErrors('VALIDATION_FAILED')
  async list(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantStatementListQueryDto,
  ): Promise<Page<MerchantStatementResponseDto>> {
    const page = await this.statements.list(principal.merchantId, principal.livemode, query);
    return { ...page, items: page.items.map(toMerchantStatementResponse) };
  }

  /**
   * A statement's file as an attachment: `pdf` (application/pdf; a test-mode statement is watermarked TEST
   * MODE) or `csv` (text/csv, one row per statement line, amounts in minor units). 404 for another
   * merchant's or the other mode's statement, or one without files (FAILED); 400 for another format.
   */
  @Get(':statementId/files/:format')
  @MerchantApiKey()
  @ApiParam({ name: 'format', enum: STATEMENT_FORMAT_NAMES, example: 'pdf' })
  @ApiProduces('application/pdf', 'text/csv')
  @ApiOkResponse({
    description: 'The file, with `Content-Disposition: attachment` and its name.',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'text/csv': {
        schema: { type: 'string' },
        example:
          'statement_id,merchant_id,period,livemode,currency,line,description,amount\r\n' +
          '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b,0193a1b2-0000-7e4f-8a9b-0c1d2e3f4a5b,2026-10,true,NGN,opening_balance,Opening balance,1250000\r\n',
      },
    },
    headers: {
      'Content-Disposition': {
        description: 'attachment, with the file name',
        schema: { type: 'string', example: 'attachment; filename="statement-2026-10-NGN-live.pdf"' },
      },
    },
  })
  @ApiErrors('VALIDATION_FAILED', 'NOT_FOUND')
  async file(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @UuidParam('statementId') statementId: string,
    @Param('format') format: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.statements.download(principal.merchantId, principal.livemode, statementId, format);
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content, {
      type: file.contentType,
      length: file.content.length,
      disposition: `attachment; filename="${file.filename}"`,
    });
  }
}
