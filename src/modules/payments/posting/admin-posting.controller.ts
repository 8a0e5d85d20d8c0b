import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, StaffAuth } from '../../../platform/auth/auth.decorators';
import type { UserPrincipal } from '../../../platform/auth/principal';
import { ApiErrors } from '../../../platform/http/api-errors.decorator';
import { Page, PagedArrayResponse } from '../../../platform/http/pagination';
import { UuidParam } from '../../../platform/http/uuid-param.decorator';
import { toPostingAttemptResponse } from '../core/dto/payment-mappers';
import { PostingAttemptListQueryDto, PostingAttemptResponseDto } from './dto/posting-attempt-response.dto';
import { PostingService } from './posting.service';

@ApiTags('Admin: posting attempts')
@Controller('admin/posting-attempts')
export class AdminPostingController {
  constructor(private readonly posting: PostingService) {}

  /** Posting cycles to billers, newest first; filter by status to find the FAILED ones to retry. */
  @Get()
  @StaffAuth('ADMIN')
  @PagedArrayResponse(
    PostingAttemptResponseDto,
    'One page of posting attempts; the total and the other pages are in the headers.',
    'admin/posting-attempts?status=FAILED',
  )
  async list(@Query() query: PostingAttemptListQueryDto): Promise<Page<PostingAttemptResponseDto>> {
    const page = await this.posting.list(query);
    return {
      ...page,
      items: page.items.map(({ attempt, retryable }) => ({ ...toPostingAttemptResponse(attempt), retryable })),
    };
  }

  /**
   * Retry a FAILED cycle: opens the next cycle, which asks the biller for the payment's status
   * before posting again (so nothing is posted twice). 409 unless the attempt is the latest
   * cycle, FAILED, and its payment still PROCESSING. Answers the new cycle.
   */
  @Post(':id/retry')
  @StaffAuth('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: PostingAttemptResponseDto })
  @ApiErrors('NOT_FOUND', 'NOT_RETRYABLE')
  async retry(
    @CurrentPrincipal() principal: UserPrincipal,
    @UuidParam('id') id: string,
  ): Promise<PostingAttemptResponseDto> {
    // The cycle a retry answers is open (PENDING or RETRYING), never FAILED: not retryable.
    return { ...toPostingAttemptResponse(await this.posting.retry(principal.userId, id)), retryable: false };
  }
}
