import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches } from 'class-validator';
import {
  KYB_DOCUMENT_STATUSES,
  type KybDocumentStatus,
  type MerchantKybDocument,
} from '../merchant-kyb-document.entity';
import { KYB_DOCUMENT_TYPES, type KybDocumentType } from '../merchant.entity';
import { normalizeRegistrationNumber } from './merchant-register-request.dto';

/** The text fields of the multipart upload (the file is the `file` part). */
@ApiSchema({ name: 'MerchantKybDocumentFields' })
export class MerchantKybDocumentFieldsDto {
  @ApiProperty({
    enum: KYB_DOCUMENT_TYPES,
    enumName: 'MerchantKybDocumentType',
    example: 'CERTIFICATE_OF_INCORPORATION',
  })
  @IsIn(KYB_DOCUMENT_TYPES)
  documentType: KybDocumentType;

  /** The registration number the document shows; it must be the merchant's (compared without spaces, upper case). */
  @ApiProperty({ example: 'RC1234567' })
  @Transform(({ value }: { value: unknown }) => normalizeRegistrationNumber(value))
  @IsString()
  @Matches(/^[A-Z0-9][A-Z0-9-]{2,39}$/, { message: 'registrationNo must be 3-40 letters, digits or hyphens' })
  registrationNo: string;
}

@ApiSchema({ name: 'MerchantKybDocumentResponse' })
export class MerchantKybDocumentResponseDto {
  @ApiProperty({ format: 'uuid', example: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a40' })
  id: string;

  @ApiProperty({
    enum: KYB_DOCUMENT_TYPES,
    enumName: 'MerchantKybDocumentType',
    example: 'CERTIFICATE_OF_INCORPORATION',
  })
  documentType: KybDocumentType;

  @ApiProperty({ example: 'RC1234567' })
  registrationNo: string;

  /** RECEIVED until reviewed; SUPERSEDED once a newer upload of the type replaced it. */
  @ApiProperty({ enum: KYB_DOCUMENT_STATUSES, enumName: 'MerchantKybDocumentStatus', example: 'RECEIVED' })
  status: KybDocumentStatus;

  /** From the file's bytes: application/pdf, image/jpeg or image/png. */
  @ApiProperty({ example: 'application/pdf' })
  contentType: string;

  @ApiProperty({ type: 'integer', example: 482113 })
  sizeBytes: number;

  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    example: '9f2c1d0e4b7a6c5d8e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d',
  })
  sha256: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-25T10:00:00.000Z' })
  createdAt: string;
}

export function toKybDocumentResponse(document: MerchantKybDocument): MerchantKybDocumentResponseDto {
  return {
    id: document.id,
    documentType: document.documentType,
    registrationNo: document.registrationNo,
    status: document.status,
    contentType: document.contentType,
    sizeBytes: document.sizeBytes,
    sha256: document.sha256,
    createdAt: document.createdAt.toISOString(),
  };
}
