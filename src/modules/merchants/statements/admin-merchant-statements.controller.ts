import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { StaffAuth } from '../../../platform/auth/auth.decorators';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import {
  AdminMerchantStatementRequestDto,
  MerchantStatementResponseDto,
  toMerchantStatementResponse,
} from './dto/merchant-statement.dto';
import { MerchantStatementsService } from './merchant-statements.service';

@ApiTags('Admin: merchants')
@Controller('admin/merchants')
export class AdminMerchantStatementsController {
  constructor(private readonly statements: MerchantStatementsService) {}

  /**
   * Makes a merchant's statements of one month and mode now, as the monthly job does (at most once each:
   * a statement already made is answered as it is). Answers the month's statements, one per currency with
   * activity (an empty array for a month without). 404 for an unknown merchant; 400 for a month not over.
   */
  @Post(':merchantId/statements')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: [MerchantStatementResponseDto] })
  @ApiErrors('VALIDATION_FAILED', 'NOT_FOUND')
  async generate(
    @UuidParam('merchantId') merchantId: string,
    @Body() body: AdminMerchantStatementRequestDto,
  ): Promise<MerchantStatementResponseDto[]> {
    const rows = await this.statements.generate(merchantId, body.livemode, body.period);
    return rows.map(toMerchantStatementResponse);
  }
}
