import { Column, Entity, PrimaryColumn } from 'typeorm';

/** KYB states (design/merchants.md section 1). */
export const KYB_STATUSES = [
  'PENDING',
  'UNDER_REVIEW',
  'ACTION_REQUIRED',
  'APPROVED',
  'SUSPENDED',
  'REJECTED',
] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];

/** The evidence a merchant uploads, as the spec names it; all five are due at registration. */
export const KYB_DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'TAX_CLEARANCE',
  'DIRECTORS_ID',
  'PROOF_OF_ADDRESS',
  'BANK_ACCOUNT_LETTER',
] as const;
export type KybDocumentType = (typeof KYB_DOCUMENT_TYPES)[number];

export const BUSINESS_TYPES = [
  'SOLE_PROPRIETORSHIP',
  'PARTNERSHIP',
  'LIMITED_COMPANY',
  'PUBLIC_COMPANY',
  'NON_PROFIT',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const RISK_TIERS = ['LOW', 'STANDARD', 'HIGH', 'RESTRICTED'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

/** A business that applied to take payments: its identity, KYB state and onboarding token (hashed). */
@Entity({ name: 'merchants' })
export class Merchant {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Normalised: upper case, no spaces. */
  @Column({ name: 'registration_number', type: 'varchar', length: 40 })
  registrationNumber: string;

  /** Lower case; the OWNER invitation and onboarding links go here. */
  @Column({ name: 'contact_email', type: 'varchar', length: 254 })
  contactEmail: string;

  @Column({ name: 'contact_phone', type: 'varchar', length: 16, nullable: true })
  contactPhone: string | null;

  @Column({ type: 'char', length: 2 })
  country: string;

  @Column({ name: 'business_type', type: 'varchar', length: 30 })
  businessType: BusinessType;

  @Column({ type: 'varchar', length: 200, nullable: true })
  website: string | null;

  @Column({ name: 'kyb_status', type: 'varchar', length: 20 })
  kybStatus: KybStatus;

  /** Why the last review restricted the merchant (ACTION_REQUIRED, SUSPENDED, REJECTED). */
  @Column({ name: 'kyb_reason_code', type: 'varchar', length: 60, nullable: true })
  kybReasonCode: string | null;

  @Column({ name: 'kyb_note', type: 'varchar', length: 1000, nullable: true })
  kybNote: string | null;

  /** Documents the reviewer asked for again (ACTION_REQUIRED); due until a new one is received. */
  @Column({ name: 'requested_documents', type: 'text', array: true })
  requestedDocuments: KybDocumentType[];

  @Column({ name: 'requirements_deadline', type: 'timestamptz', nullable: true })
  requirementsDeadline: Date | null;

  @Column({ name: 'onboarding_token_hash', type: 'char', length: 64 })
  onboardingTokenHash: string;

  @Column({ name: 'onboarding_token_expires_at', type: 'timestamptz' })
  onboardingTokenExpiresAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @Column({ name: 'risk_tier', type: 'varchar', length: 12 })
  riskTier: RiskTier;

  @Column({ name: 'risk_reason', type: 'varchar', length: 500, nullable: true })
  riskReason: string | null;

  @Column({ name: 'risk_updated_at', type: 'timestamptz', nullable: true })
  riskUpdatedAt: Date | null;
}
