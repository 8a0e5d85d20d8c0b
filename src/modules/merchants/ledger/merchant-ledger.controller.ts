import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, MerchantApiKey } from '../../../platform/auth/auth.decorators';
import type { MerchantApiKeyPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { MerchantLedgerQueryDto, MerchantLedgerResponseDto, toMerchantLedgerResponse } from './dto/merchant-ledger.dto';
import { MerchantBalancesService } from './merchant-balances.service';

/** The merchant's balances (merchant API, 4.10), for the merchant's server with its API key only, in the key's mode. */
@ApiTags('Merchant ledger')
@Controller('merchant/ledger')
export class MerchantLedgerController {
  constructor(private readonly balances: MerchantBalancesService) {}

  /**
   * The key mode's pending, available and reserve balances in one currency (minor units), read
   * together, with the next payout's date and estimate. A currency the merchant never had money in
   * answers zeros; a code that is not ISO 4217 (or not upper case) is 400.
   */
  @Get()
  @MerchantApiKey()
  @ApiOkResponse({ type: MerchantLedgerResponseDto })
  @ApiErrors('VALIDATION_FAILED')
  async get(
    @CurrentPrincipal() principal: MerchantApiKeyPrincipal,
    @Query() query: MerchantLedgerQueryDto,
  ): Promise<MerchantLedgerResponseDto> {
    return toMerchantLedgerResponse(await this.balances.view(principal.merchantId, principal.livemode, query.currency));
  }
}
