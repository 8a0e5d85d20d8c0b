import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CustomerAuth, Public } from '../../../platform/auth/auth.decorators';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { AccountValidationService } from '../connector/account-validation.service';
import { BillerDirectoryService } from './biller-directory.service';
import { BillerIdOrSlugParam } from './biller-id-or-slug.param';
import {
  BillerAccountValidationRequestDto,
  BillerAccountValidationResponseDto,
} from '../connector/dto/account-validation.dto';
import { BillerCategoryResponseDto, toBillerCategoryResponse } from '../catalogue/dto/biller-category-response.dto';
import { BillerDetailDto, toBillerDetail } from './dto/biller-detail.dto';
import { BillerSearchQueryDto } from './dto/biller-search-query.dto';
import { BillerSearchResponseDto } from './dto/biller-search-response.dto';

@ApiTags('Billers')
@Controller('billers')
export class BillersController {
  constructor(
    private readonly directory: BillerDirectoryService,
    private readonly validation: AccountValidationService,
  ) {}

  /**
   * Search the biller directory. With `q`, results rank by relevance (typo-tolerant), then by
   * `sort`; without it, by `sort` alone. Only active billers of active categories are listed.
   */
  @Get()
  @Public()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({ type: BillerSearchResponseDto })
  search(@Query() query: BillerSearchQueryDto): Promise<string> {
    // A BillerSearchResponseDto, serialised by the directory (searchJson) and sent as it is.
    return this.directory.searchJson(query);
  }

  /** The active biller categories, in display order. */
  @Get('categories')
  @Public()
  @ApiOkResponse({ type: [BillerCategoryResponseDto] })
  async categories(): Promise<BillerCategoryResponseDto[]> {
    const categories = await this.directory.listActiveCategories();
    return categories.map(toBillerCategoryResponse);
  }

  /** One biller by id or slug. A deactivated biller (or one of a deactivated category) is 404. */
  @Get(':billerIdOrSlug')
  @Public()
  @ApiOkResponse({ type: BillerDetailDto })
  @ApiErrors('NOT_FOUND')
  async detail(@BillerIdOrSlugParam() billerIdOrSlug: string): Promise<BillerDetailDto> {
    const { biller, category, rails } = await this.directory.getVisible(billerIdOrSlug);
    return toBillerDetail(biller, category, rails);
  }

  /**
   * Check an account reference before paying it. A reference that does not have the biller's
   * format is a 400 (the biller is not asked); a deactivated or unavailable biller, or one that
   * does not answer in time, is a 422 `BILLER_UNAVAILABLE`. An unknown or blocked account is a
   * 200 with `valid: false` and its `reason`. Answers are reused for a minute.
   */
  @Post(':billerIdOrSlug/account-validation')
  @CustomerAuth()
  @HttpCode(200)
  @ApiOkResponse({ type: BillerAccountValidationResponseDto })
  @ApiErrors('NOT_FOUND', 'BILLER_UNAVAILABLE')
  validateAccount(
    @BillerIdOrSlugParam() billerIdOrSlug: string,
    @Body() body: BillerAccountValidationRequestDto,
  ): Promise<BillerAccountValidationResponseDto> {
    return this.validation.validate(billerIdOrSlug, body.accountReference);
  }
}
