import { Column, Entity, PrimaryColumn } from 'typeorm';

export const NATIONAL_ID_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD'] as const;
export type NationalIdType = (typeof NATIONAL_ID_TYPES)[number];

/** The `FieldCipher` purpose of national id numbers (the migration that encrypted older rows uses it too). */
export const NATIONAL_ID_NUMBER_PURPOSE = 'kyc.national-id-number';

/**
 * Identity details a customer submitted for a KYC tier. Append-only: a resubmission with
 * different details is a new row, so what was submitted when is never lost.
 */
@Entity({ name: 'kyc_submissions' })
export class KycSubmission {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  tier: 'TIER_1';

  @Column({ name: 'legal_name', type: 'varchar', length: 200 })
  legalName: string;

  /** `YYYY-MM-DD`. */
  @Column({ name: 'date_of_birth', type: 'date' })
  dateOfBirth: string;

  @Column({ name: 'national_id_type', type: 'varchar', length: 24 })
  nationalIdType: NationalIdType;

  /**
   * The document's number, encrypted at rest (`FieldCipher`, purpose NATIONAL_ID_NUMBER_PURPOSE,
   * the submission's id bound in): read back in clear only to compare it (`KycService`,
   * `CustomerDirectory`).
   */
  @Column({ name: 'national_id_number_encrypted', type: 'text' })
  nationalIdNumberEncrypted: string;

  @Column({ name: 'address_line1', type: 'varchar', length: 200 })
  addressLine1: string;

  @Column({ name: 'address_line2', type: 'varchar', length: 200, nullable: true })
  addressLine2: string | null;

  @Column({ type: 'varchar', length: 100 })
  city: string;

  @Column({ type: 'varchar', length: 100 })
  state: string;

  @Column({ name: 'postal_code', type: 'varchar', length: 20, nullable: true })
  postalCode: string | null;

  /** ISO 3166-1 alpha-2. */
  @Column({ type: 'char', length: 2 })
  country: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
