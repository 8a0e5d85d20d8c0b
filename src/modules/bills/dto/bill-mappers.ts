import type { HouseholdBillShare } from '../../households';
import type { ShownBill } from '../bills.service';
import type { IngestionReport } from '../bill-ingestion.service';
import type { Resolution } from '../bill-resolver.service';
import type { BillIngestionResponseDto } from './bill-ingestion.dto';
import type { BillShareResponseDto } from './bill-share.dto';
import type { CustomerBillDetailDto, CustomerBillDto } from './customer-bill.dto';
import type { InternalCustomerResolutionResponseDto } from './internal-customer-resolution.dto';

export function toCustomerBill({ bill, status, shared }: ShownBill): CustomerBillDto {
  const shown: CustomerBillDto = {
    id: bill.id,
    status,
    billerId: bill.biller.id,
    billerName: bill.biller.name,
    billerSlug: bill.biller.slug,
    billReference: bill.billReference,
    accountReference: bill.accountReference,
    amountDue: bill.amountDue,
    currency: bill.currency,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    paymentId: bill.paymentId,
    createdAt: bill.createdAt.toISOString(),
  };
  if (shared) shown.shared = { ...shared };
  return shown;
}

export function toBillShareResponse(share: HouseholdBillShare): BillShareResponseDto {
  return {
    billId: share.billId,
    householdId: share.householdId,
    householdName: share.householdName,
    sharedBy: share.sharedBy,
    sharedAt: share.sharedAt.toISOString(),
  };
}

export function toCustomerBillDetail(shown: ShownBill): CustomerBillDetailDto {
  const { bill } = shown;
  return {
    ...toCustomerBill(shown),
    lineItems: bill.lineItems.map((item) => ({ description: item.description, amount: item.amount })),
    viewedAt: bill.viewedAt?.toISOString() ?? null,
    paidAt: bill.paidAt?.toISOString() ?? null,
    withdrawnAt: bill.withdrawnAt?.toISOString() ?? null,
    updatedAt: bill.updatedAt.toISOString(),
  };
}

export function toIngestionResponse(report: IngestionReport): BillIngestionResponseDto {
  return {
    billerId: report.billerId,
    received: report.received,
    counts: { ...report.counts },
    items: report.items.map(({ error, ...item }) => (error ? { ...item, error: { ...error } } : item)),
  };
}

/** A match names the customer and nothing else about them; no match says only why, coarsely. */
export function toResolutionResponse(resolution: Resolution): InternalCustomerResolutionResponseDto {
  return resolution.matched
    ? { matched: true, customerId: resolution.customerId, confidence: 'HIGH' }
    : { matched: false, reason: resolution.reason };
}
