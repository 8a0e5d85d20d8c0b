import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { KybCapabilities } from '../kyb-transitions';
import type { MerchantPricingVersion, MerchantSettlementAccount } from '../merchant-terms.entities';
import {
  MerchantPricingDto,
  MerchantSettlementAccountDto,
  toPricing,
  toSettlementAccount,
} from './merchant-terms-response.dto';
import type { KybRequirements } from '../kyb-requirements';
import {
  BUSINESS_TYPES,
  KYB_DOCUMENT_TYPES,
  KYB_STATUSES,
  RISK_TIERS,
  type BusinessType,
  type KybDocumentType,
  type KybStatus,
  type Merchant,
  type RiskTier,
} from '../merchant.entity';

@ApiSchema({ name: 'MerchantKybRequirementError' })
export class MerchantKybRequirementErrorDto {
  @ApiProperty({ enum: KYB_DOCUMENT_TYPES, enumName: 'MerchantKybDocumentType', example: 'TAX_CLEARANCE' })
  documentType: KybDocumentType;

  @ApiProperty({ example: 'RESUBMISSION_REQUESTED' })
  code: string;

  @ApiProperty({ example: 'The tax clearance certificate has expired.' })
  message: string;
}

const DOCUMENT_LIST = { enum: KYB_DOCUMENT_TYPES, enumName: 'MerchantKybDocumentType', isArray: true } as const;

/** What the merchant still has to provide, as Stripe's `requirements`. */
@ApiSchema({ name: 'MerchantKybRequirements' })
export class MerchantKybRequirementsDto {
  /** Due now: uploading them moves the application to review. */
  @ApiProperty({ ...DOCUMENT_LIST, example: ['TAX_CLEARANCE'] })
  currentlyDue: KybDocumentType[];

  /** Everything that will be due (includes `currentlyDue`). */
  @ApiProperty({ ...DOCUMENT_LIST, example: ['TAX_CLEARANCE'] })
  eventuallyDue: KybDocumentType[];

  /** Due and past `currentDeadline`. */
  @ApiProperty({ ...DOCUMENT_LIST, example: [] })
  pastDue: KybDocumentType[];

  /** Received, waiting for the reviewer. */
  @ApiProperty({ ...DOCUMENT_LIST, example: ['CERTIFICATE_OF_INCORPORATION'] })
  pendingVerification: KybDocumentType[];

  @ApiProperty({ type: [MerchantKybRequirementErrorDto] })
  errors: MerchantKybRequirementErrorDto[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-12-09T10:00:00.000Z' })
  currentDeadline: string | null;
}

@ApiSchema({ name: 'MerchantKyb' })
export class MerchantKybDto {
  @ApiProperty({ enum: KYB_STATUSES, enumName: 'MerchantKybStatus', example: 'PENDING' })
  status: KybStatus;

  /** Why live features are off, Stripe-style: `requirements.past_due`, `under_review`, `rejected.fraud`...; null when nothing is disabled. */
  @ApiProperty({ type: String, nullable: true, example: 'requirements.pending_verification' })
  disabledReason: string | null;

  /** The reviewer's note to the merchant, if any. */
  @ApiProperty({ type: String, nullable: true, example: null })
  note: string | null;

  @ApiProperty({ type: MerchantKybRequirementsDto })
  requirements: MerchantKybRequirementsDto;
}

/** What the merchant's KYB state allows now. */
@ApiSchema({ name: 'MerchantCapabilities' })
export class MerchantCapabilitiesDto {
  @ApiProperty({ example: true })
  login: boolean;

  @ApiProperty({ example: true })
  team: boolean;

  @ApiProperty({ example: true })
  sandboxKeys: boolean;

  /** `sk_live_` keys: APPROVED only. */
  @ApiProperty({ example: false })
  liveKeys: boolean;

  @ApiProperty({ example: false })
  livePayments: boolean;

  /** Also needs a VERIFIED settlement account. */
  @ApiProperty({ example: false })
  payouts: boolean;
}

@ApiSchema({ name: 'MerchantResponse' })
export class MerchantResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a30' })
  id: string;

  @ApiProperty({ example: 'Acme Foods Ltd' })
  name: string;

  @ApiProperty({ example: 'RC1234567' })
  registrationNumber: string;

  @ApiProperty({ example: 'owner@acme.example' })
  contactEmail: string;

  @ApiProperty({ type: String, nullable: true, example: '+2348031234567' })
  contactPhone: string | null;

  @ApiProperty({ example: 'NG' })
  country: string;

  @ApiProperty({ enum: BUSINESS_TYPES, enumName: 'MerchantBusinessType', example: 'LIMITED_COMPANY' })
  businessType: BusinessType;

  @ApiProperty({ type: String, nullable: true, example: 'https://acme.example' })
  website: string | null;

  @ApiProperty({ type: MerchantKybDto })
  kyb: MerchantKybDto;

  @ApiProperty({ type: MerchantCapabilitiesDto })
  capabilities: MerchantCapabilitiesDto;

  /** The price list in force now; null until operations set one. */
  @ApiProperty({ type: MerchantPricingDto, nullable: true })
  pricing: MerchantPricingDto | null;

  /** The next price list, when one is set to start later. */
  @ApiProperty({ type: MerchantPricingDto, nullable: true })
  scheduledPricing: MerchantPricingDto | null;

  @ApiProperty({ type: MerchantSettlementAccountDto, nullable: true })
  settlementAccount: MerchantSettlementAccountDto | null;

  @ApiProperty({ enum: RISK_TIERS, enumName: 'MerchantRiskTier', example: 'STANDARD' })
  riskTier: RiskTier;

  /**
   * The onboarding token (`obt_...`), only in the answer to POST /merchants/register: keep it,
   * it is not shown again (it is also e-mailed). Null everywhere else.
   */
  @ApiProperty({ type: String, nullable: true, example: null })
  onboardingToken: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  approvedAt: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  updatedAt: string;
}

/** Stripe-style: why live features are off. */
export function disabledReasonOf(merchant: Merchant, requirements: KybRequirements): string | null {
  switch (merchant.kybStatus) {
    case 'APPROVED':
      return null;
    case 'REJECTED':
      return `rejected.${merchant.kybReasonCode ?? 'other'}`.replace(/^rejected\.rejected\./, 'rejected.');
    case 'SUSPENDED':
      return merchant.kybReasonCode ?? 'suspended';
    case 'UNDER_REVIEW':
      return 'under_review';
    case 'PENDING':
    case 'ACTION_REQUIRED':
      if (requirements.pastDue.length > 0) return 'requirements.past_due';
      if (requirements.currentlyDue.length > 0) return 'requirements.currently_due';
      return 'requirements.pending_verification';
  }
}

/** What operations set on a merchant, as the views load it. */
export interface MerchantTerms {
  pricing: MerchantPricingVersion | null;
  scheduledPricing: MerchantPricingVersion | null;
  settlementAccount: MerchantSettlementAccount | null;
}

export function toMerchantResponse(
  merchant: Merchant,
  requirements: KybRequirements,
  capabilities: KybCapabilities,
  terms: MerchantTerms,
  onboardingToken: string | null = null,
): MerchantResponseDto {
  return {
    id: merchant.id,
    name: merchant.name,
    registrationNumber: merchant.registrationNumber,
    contactEmail: merchant.contactEmail,
    contactPhone: merchant.contactPhone,
    country: merchant.country,
    businessType: merchant.businessType,
    website: merchant.website,
    kyb: {
      status: merchant.kybStatus,
      disabledReason: disabledReasonOf(merchant, requirements),
      note: merchant.kybNote,
      requirements: {
        currentlyDue: requirements.currentlyDue,
        eventuallyDue: requirements.eventuallyDue,
        pastDue: requirements.pastDue,
        pendingVerification: requirements.pendingVerification,
        errors: requirements.errors,
        currentDeadline: requirements.currentDeadline?.toISOString() ?? null,
      },
    },
    capabilities,
    pricing: terms.pricing && toPricing(terms.pricing),
    scheduledPricing: terms.scheduledPricing && toPricing(terms.scheduledPricing),
    settlementAccount: terms.settlementAccount && toSettlementAccount(terms.settlementAccount),
    riskTier: merchant.riskTier,
    onboardingToken,
    approvedAt: merchant.approvedAt?.toISOString() ?? null,
    createdAt: merchant.createdAt.toISOString(),
    updatedAt: merchant.updatedAt.toISOString(),
  };
}
