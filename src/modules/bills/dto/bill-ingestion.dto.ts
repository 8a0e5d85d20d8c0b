import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '../../../platform/http/omittable.decorator';
import { AccountReferenceField, BillerIdOrSlugField } from '../../billers';
import { MinorUnitsAmountField } from '../../payments';
import { CustomerHintsDto } from './customer-hints.dto';

/** The most bills one ingestion request takes; a larger batch is refused whole (400). */
export const MAX_BILLS_PER_BATCH = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

@ApiSchema({ name: 'IngestedBillLineItem' })
export class IngestedLineItemDto {
  @ApiProperty({ example: 'Energy charge, October 2026' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  description: string;

  /** Minor units; negative for a credit. */
  @ApiProperty({ type: 'integer', example: 1500000 })
  @IsInt()
  @Min(-Number.MAX_SAFE_INTEGER)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;
}

/** One bill as the biller issues it. Sending it again updates it while it is unpaid. */
@ApiSchema({ name: 'IngestedBill' })
export class IngestedBillDto {
  /** The biller's own reference of the bill, unique per biller: the bill's identity here. */
  @ApiProperty({ example: 'IE-2026-10-0001234' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._/:-]*$/, {
    message: 'billReference must be letters, digits and . _ / : - (starting with a letter or digit)',
  })
  billReference: string;

  @AccountReferenceField({ description: "The customer's account with the biller; must have the biller's format." })
  accountReference: string;

  @MinorUnitsAmountField({ example: 1500000, description: 'Minor units.' })
  amountDue: number;

  /** Must be the biller's currency. */
  @ApiProperty({ example: 'NGN' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code in upper case' })
  currency: string;

  @ApiProperty({ format: 'date', example: '2026-11-01' })
  @Matches(DATE, { message: 'billDate must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'billDate must be a calendar date' })
  billDate: string;

  /** Not before `billDate`. */
  @ApiProperty({ format: 'date', example: '2026-11-30' })
  @Matches(DATE, { message: 'dueDate must be a date as YYYY-MM-DD' })
  @IsISO8601({ strict: true }, { message: 'dueDate must be a calendar date' })
  dueDate: string;

  @ApiProperty({ type: [IngestedLineItemDto], maxItems: 50 })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => IngestedLineItemDto)
  lineItems: IngestedLineItemDto[];

  /** Who the biller believes the bill is for; used only to match the bill to a verified customer. */
  @ApiProperty({ type: CustomerHintsDto, required: false })
  @Omittable()
  @ValidateNested()
  @Type(() => CustomerHintsDto)
  customer?: CustomerHintsDto;

  /** True to withdraw the bill: it can no longer be paid. Sending it again without the flag reissues it. */
  @ApiProperty({ required: false, example: false })
  @Omittable()
  @IsBoolean()
  withdrawn?: boolean;
}

/** A biller's batch of bills, 1 to 1,000. */
@ApiSchema({ name: 'BillIngestionRequest' })
export class BillIngestionRequestDto {
  @BillerIdOrSlugField()
  biller: string;

  @ApiProperty({ type: [IngestedBillDto], minItems: 1, maxItems: MAX_BILLS_PER_BATCH })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BILLS_PER_BATCH)
  @ValidateNested({ each: true })
  @Type(() => IngestedBillDto)
  bills: IngestedBillDto[];
}

export const BILL_INGESTION_OUTCOMES = [
  'CREATED',
  'UPDATED',
  'UNCHANGED',
  'WITHDRAWN',
  'ALREADY_PAID',
  'REJECTED',
] as const;
export type BillIngestionOutcome = (typeof BILL_INGESTION_OUTCOMES)[number];

export const BILL_REJECTION_CODES = [
  'ACCOUNT_REFERENCE_MISMATCH',
  'ACCOUNT_REFERENCE_CHANGED',
  'CURRENCY_MISMATCH',
  'DUE_BEFORE_BILL_DATE',
  'DUPLICATE_IN_BATCH',
  'UNKNOWN_BILL',
] as const;
export type BillRejectionCode = (typeof BILL_REJECTION_CODES)[number];

@ApiSchema({ name: 'BillIngestionRejection' })
export class BillIngestionRejectionDto {
  /**
   * `ACCOUNT_REFERENCE_MISMATCH` (not the biller's format), `ACCOUNT_REFERENCE_CHANGED` (a bill
   * keeps its account), `CURRENCY_MISMATCH` (not the biller's currency), `DUE_BEFORE_BILL_DATE`,
   * `DUPLICATE_IN_BATCH` (the reference appears earlier in the batch), `UNKNOWN_BILL` (withdrawing
   * a bill never sent).
   */
  @ApiProperty({ enum: BILL_REJECTION_CODES, enumName: 'BillRejectionCode', example: 'CURRENCY_MISMATCH' })
  code: BillRejectionCode;

  @ApiProperty({ example: 'This biller bills in NGN' })
  message: string;
}

@ApiSchema({ name: 'BillIngestionItem' })
export class BillIngestionItemDto {
  /** The bill's position in the request, from 0. */
  @ApiProperty({ type: 'integer', example: 0 })
  index: number;

  @ApiProperty({ example: 'IE-2026-10-0001234' })
  billReference: string;

  /**
   * `CREATED`, `UPDATED` (changed while unpaid), `UNCHANGED` (nothing differed), `WITHDRAWN`,
   * `ALREADY_PAID` (paid bills are not changed), `REJECTED` (see `error`).
   */
  @ApiProperty({ enum: BILL_INGESTION_OUTCOMES, enumName: 'BillIngestionOutcome', example: 'CREATED' })
  outcome: BillIngestionOutcome;

  /** Null for a rejected bill that does not exist here. */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9b01' })
  billId: string | null;

  /** Whether the bill is in a customer's inbox; an unmatched bill waits to be claimed. */
  @ApiProperty({ example: true })
  matched: boolean;

  /** Only on a `REJECTED` bill: why. */
  @ApiProperty({ type: BillIngestionRejectionDto, required: false })
  error?: BillIngestionRejectionDto;
}

@ApiSchema({ name: 'BillIngestionCounts' })
export class BillIngestionCountsDto {
  @ApiProperty({ type: 'integer', example: 1 })
  created: number;

  @ApiProperty({ type: 'integer', example: 0 })
  updated: number;

  @ApiProperty({ type: 'integer', example: 0 })
  unchanged: number;

  @ApiProperty({ type: 'integer', example: 0 })
  withdrawn: number;

  @ApiProperty({ type: 'integer', example: 0 })
  alreadyPaid: number;

  @ApiProperty({ type: 'integer', example: 0 })
  rejected: number;
}

/** What happened to each bill of the batch, in the request's order. */
@ApiSchema({ name: 'BillIngestionResponse' })
export class BillIngestionResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ type: 'integer', example: 1 })
  received: number;

  @ApiProperty({ type: BillIngestionCountsDto })
  counts: BillIngestionCountsDto;

  @ApiProperty({ type: [BillIngestionItemDto] })
  items: BillIngestionItemDto[];
}
