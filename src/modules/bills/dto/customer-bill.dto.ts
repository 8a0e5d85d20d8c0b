import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BILL_STATUSES, BillStatus } from '../bill-status';

@ApiSchema({ name: 'BillLineItem' })
export class BillLineItemDto {
  @ApiProperty({ example: 'Energy charge, October 2026' })
  description: string;

  /** Minor units; negative for a credit. */
  @ApiProperty({ type: 'integer', example: 1450000 })
  amount: number;
}

/** How a bill shared through one of your households shows to you. */
@ApiSchema({ name: 'BillSharing' })
export class BillSharingDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9c01' })
  householdId: string;

  @ApiProperty({ example: 'Adeyemi family' })
  householdName: string;

  /** The bill is yours (you shared it or its account). */
  @ApiProperty({ example: false })
  sharedByMe: boolean;

  /** You may pay it: its owner, or an OWNER, ADMIN or MEMBER of the household (a VIEWER only sees it). */
  @ApiProperty({ example: true })
  canPay: boolean;
}

/** A bill in your inbox. */
@ApiSchema({ name: 'CustomerBill' })
export class CustomerBillDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9b01' })
  id: string;

  /**
   * `UNVIEWED` (new), `VIEWED` (you opened its detail), `OVERDUE` (unpaid after its due date),
   * `PAID`, `WITHDRAWN` (the biller took it back; it cannot be paid).
   */
  @ApiProperty({ enum: BILL_STATUSES, enumName: 'BillStatus', example: 'UNVIEWED' })
  status: BillStatus;

  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' })
  billerId: string;

  @ApiProperty({ example: 'Ikeja Electric' })
  billerName: string;

  @ApiProperty({ example: 'ikeja-electric' })
  billerSlug: string;

  /** The biller's own reference of this bill (its invoice number). */
  @ApiProperty({ example: 'IE-2026-10-0001234' })
  billReference: string;

  @ApiProperty({ example: '45010001234' })
  accountReference: string;

  /** Minor units. */
  @ApiProperty({ type: 'integer', example: 1500000 })
  amountDue: number;

  @ApiProperty({ example: 'NGN' })
  currency: string;

  @ApiProperty({ format: 'date', example: '2026-11-01' })
  billDate: string;

  @ApiProperty({ format: 'date', example: '2026-11-30' })
  dueDate: string;

  /** The payment that settled it, once PAID (GET /payments/{id}). */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  paymentId: string | null;

  /** When the bill reached your inbox. */
  @ApiProperty({ format: 'date-time', example: '2026-11-01T06:00:00.000Z' })
  createdAt: string;

  /**
   * Present when the bill is shared through one of your households (by its owner, or because
   * its biller account is shared); absent for your own bills that are not shared.
   */
  @ApiProperty({ type: BillSharingDto, required: false })
  shared?: BillSharingDto;
}

/** A bill with its line items and history. */
@ApiSchema({ name: 'CustomerBillDetail' })
export class CustomerBillDetailDto extends CustomerBillDto {
  @ApiProperty({ type: [BillLineItemDto] })
  lineItems: BillLineItemDto[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-02T08:30:00.000Z' })
  viewedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  paidAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  withdrawnAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-02T08:30:00.000Z' })
  updatedAt: string;
}
