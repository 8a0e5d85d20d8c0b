import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InternalKey } from '../../platform/auth/auth.decorators';
import { ApiErrors } from '../../platform/http/api-errors.decorator';
import { BillIngestionService } from './bill-ingestion.service';
import { BillResolver } from './bill-resolver.service';
import { BillsError } from './bills.errors';
import { PaymentQuoteService } from '../billers';
import { BillIngestionRequestDto, BillIngestionResponseDto } from './dto/bill-ingestion.dto';
import { toIngestionResponse, toResolutionResponse } from './dto/bill-mappers';
import {
  InternalCustomerResolutionRequestDto,
  InternalCustomerResolutionResponseDto,
} from './dto/internal-customer-resolution.dto';

/** Routes for billers' systems, at the root (no /api/v1), with the internal key. */
@ApiTags('Internal')
@Controller('internal')
export class InternalBillsController {
  constructor(
    private readonly ingestion: BillIngestionService,
    private readonly resolver: BillResolver,
    private readonly quotes: PaymentQuoteService,
  ) {}

  /**
   * Takes a biller's batch of 1 to 1,000 bills, idempotent per biller and bill reference:
   * a new reference is created, a known unpaid bill is updated when anything differs (or
   * withdrawn with `withdrawn: true`), a paid one is left as it is. Each bill is matched to a
   * verified customer when that is certain, else it waits to be claimed. The answer says what
   * happened to each bill, in order; a bill that breaks the biller's rules is `REJECTED` on its
   * own without failing the batch. More than 1,000 bills is a 400 `VALIDATION_FAILED` naming `bills`.
   */
  @Post('bills')
  @InternalKey()
  @HttpCode(200)
  @ApiOkResponse({ type: BillIngestionResponseDto })
  @ApiErrors('NOT_FOUND', 'PAYLOAD_TOO_LARGE')
  async ingest(@Body() body: BillIngestionRequestDto): Promise<BillIngestionResponseDto> {
    return toIngestionResponse(await this.ingestion.ingest(body.biller, body.bills));
  }

  /**
   * Which verified customer, if any, a bill's identifiers belong to: a match only with high
   * confidence (one candidate from the account's history or the phone, every hint agreeing, two
   * signals at least), else `matched: false` with a coarse reason. Never says which hint failed
   * and never answers anything about a customer but their id.
   */
  @Post('customers/resolve')
  @InternalKey()
  @HttpCode(200)
  @ApiOkResponse({ type: InternalCustomerResolutionResponseDto })
  @ApiErrors('NOT_FOUND')
  async resolve(@Body() body: InternalCustomerResolutionRequestDto): Promise<InternalCustomerResolutionResponseDto> {
    const facts = await this.quotes.facts(body.biller);
    if (!facts) throw BillsError.billerNotFound();
    return toResolutionResponse(
      await this.resolver.resolveOne(facts.biller.id, {
        accountReference: body.accountReference,
        hints: body.customer,
      }),
    );
  }
}
