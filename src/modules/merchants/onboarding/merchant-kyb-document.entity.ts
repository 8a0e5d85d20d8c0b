import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { KybDocumentType } from './merchant.entity';

export const KYB_DOCUMENT_STATUSES = ['RECEIVED', 'ACCEPTED', 'REJECTED', 'SUPERSEDED'] as const;
export type KybDocumentStatus = (typeof KYB_DOCUMENT_STATUSES)[number];

/** One uploaded piece of KYB evidence; the file itself is in the FileStore under `storageKey`. */
@Entity({ name: 'merchant_kyb_documents' })
export class MerchantKybDocument {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'merchant_id', type: 'uuid' })
  merchantId: string;

  @Column({ name: 'document_type', type: 'varchar', length: 40 })
  documentType: KybDocumentType;

  @Column({ name: 'registration_no', type: 'varchar', length: 40 })
  registrationNo: string;

  @Column({ type: 'varchar', length: 20 })
  status: KybDocumentStatus;

  /** Decided from the file's first bytes, never from what the client declared. */
  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 200 })
  storageKey: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;
}
