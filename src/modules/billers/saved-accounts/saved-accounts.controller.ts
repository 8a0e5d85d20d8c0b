import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, CustomerAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import {
  SavedAccountRequestDto,
  SavedAccountUpdateRequestDto,
  SavedBillerAccountResponseDto,
  toSavedBillerAccountResponse,
} from './dto/saved-account.dto';
import { SavedAccountsService } from './saved-accounts.service';

@ApiTags('Saved accounts')
@Controller('saved-accounts')
export class SavedAccountsController {
  constructor(private readonly savedAccounts: SavedAccountsService) {}

  /** The caller's saved biller accounts, most recent first (at most 100). */
  @Get()
  @CustomerAuth()
  @ApiOkResponse({ type: [SavedBillerAccountResponseDto] })
  async list(@CurrentPrincipal() principal: UserPrincipal): Promise<SavedBillerAccountResponseDto[]> {
    const rows = await this.savedAccounts.list(principal.userId);
    return rows.map(toSavedBillerAccountResponse);
  }

  /**
   * Save a biller account. The reference must have the biller's format (400); the same biller
   * and reference cannot be saved twice (409), nor more than 100 accounts in all (409).
   */
  @Post()
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved; GET /saved-accounts lists it.' })
  @ApiErrors('NOT_FOUND', 'CONFLICT')
  async save(@CurrentPrincipal() principal: UserPrincipal, @Body() body: SavedAccountRequestDto): Promise<void> {
    await this.savedAccounts.save(principal.userId, body);
  }

  /** Rename one of the caller's saved accounts; another customer's id is 404. */
  @Patch(':id')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Renamed.' })
  @ApiErrors('NOT_FOUND')
  async rename(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
    @Body() body: SavedAccountUpdateRequestDto,
  ): Promise<void> {
    await this.savedAccounts.rename(principal.userId, id, body.nickname);
  }

  /** Delete one of the caller's saved accounts; another customer's id is 404. */
  @Delete(':id')
  @CustomerAuth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors('NOT_FOUND')
  async remove(@CurrentPrincipal() principal: UserPrincipal, @UuidParam('id') id: string): Promise<void> {
    await this.savedAccounts.remove(principal.userId, id);
  }
}
