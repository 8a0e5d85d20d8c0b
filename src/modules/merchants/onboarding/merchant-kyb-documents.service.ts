import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { FileStore } from '../../../platform/files/file-store';
import { ApiException } from '../../../platform/http/api-error';
import type { ClientInfo } from '../../../platform/http/client-info.decorator';
import type { UploadedFileContent } from '../../../platform/http/single-file-upload.interceptor';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import type { MerchantKybDocumentFieldsDto } from './dto/merchant-kyb-document.dto';
import { kybContentType } from './kyb-file-type';
import { kybRequirements } from './kyb-requirements';
import { MerchantAuditWriter, SYSTEM_ACTOR } from './merchant-audit.writer';
import type { MerchantKybDocument } from './merchant-kyb-document.entity';
import type { Merchant } from './merchant.entity';
import { MerchantRepository } from './merchant.repository';
import { MerchantError } from './onboarding.errors';
import { MERCHANT_EVENTS, type MerchantKybEventPayload } from '../merchants.events';

/** Largest KYB file: 10 MB (design/merchants.md section 1). */
export const KYB_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * KYB evidence. The file is checked by its bytes, stored in the FileStore under a key of ours,
 * and recorded with its SHA-256; a new upload of a type supersedes the previous one. The last
 * document due moves the application to UNDER_REVIEW in the same transaction.
 */
@Injectable()
export class MerchantKybDocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly files: FileStore,
    private readonly audit: MerchantAuditWriter,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async upload(
    merchant: Merchant,
    fields: MerchantKybDocumentFieldsDto,
    file: UploadedFileContent | null,
    client: ClientInfo,
  ): Promise<MerchantKybDocument> {
    if (!file || file.content.length === 0) {
      throw new ApiException('VALIDATION_FAILED', 'A file is required', [
        { field: 'file', message: 'a non-empty file is required' },
      ]);
    }
    const contentType = kybContentType(file.content);
    if (!contentType) {
      throw new MerchantError('UNSUPPORTED_FILE_TYPE', 'Upload a PDF, JPEG or PNG file', [
        { field: 'file', message: 'not a PDF, JPEG or PNG by its content' },
      ]);
    }
    if (fields.registrationNo !== merchant.registrationNumber) {
      throw new MerchantError(
        'REGISTRATION_NUMBER_MISMATCH',
        "The document's registration number is not the merchant's",
        [{ field: 'registrationNo', message: 'does not match the registration number the merchant applied with' }],
      );
    }
    if (merchant.kybStatus === 'REJECTED')
      throw new MerchantError('APPLICATION_CLOSED', 'The application was rejected');

    const now = this.clock.now();
    const id = newId();
    const document: MerchantKybDocument = {
      id,
      merchantId: merchant.id,
      documentType: fields.documentType,
      registrationNo: fields.registrationNo,
      status: 'RECEIVED',
      contentType,
      sizeBytes: 0,
      sha256: '',
      // Ours, never derived from the client's file name.
      storageKey: `kyb/${merchant.id}/${id}`,
      createdAt: now,
      supersededAt: null,
    };
    const stored = await this.files.put(document.storageKey, file.content);
    document.sizeBytes = stored.sizeBytes;
    document.sha256 = stored.sha256;
    try {
      await this.dataSource.transaction(async (manager) => {
        const current = await this.merchants.lockById(manager, merchant.id);
        if (!current) throw MerchantError.notFound();
        if (current.kybStatus === 'REJECTED')
          throw new MerchantError('APPLICATION_CLOSED', 'The application was rejected');
        await this.merchants.supersede(manager, merchant.id, document.documentType, now);
        await this.merchants.insertDocument(manager, document);
        const requestedDocuments = current.requestedDocuments.filter((type) => type !== document.documentType);
        const documents = await this.merchants.currentDocuments(manager, [merchant.id]);
        const due = kybRequirements({ ...current, requestedDocuments }, documents, now).currentlyDue;
        const ready = due.length === 0 && (current.kybStatus === 'PENDING' || current.kybStatus === 'ACTION_REQUIRED');
        await this.merchants.update(manager, merchant.id, {
          requestedDocuments,
          updatedAt: now,
          ...(ready ? { kybStatus: 'UNDER_REVIEW', requirementsDeadline: null } : {}),
        });
        await this.audit.record(manager, {
          merchantId: merchant.id,
          action: 'KYB_DOCUMENT_UPLOADED',
          actor: { ...SYSTEM_ACTOR, email: current.contactEmail },
          target: { type: 'kyb_document', id: document.id },
          client,
          details: {
            documentType: document.documentType,
            contentType,
            sizeBytes: document.sizeBytes,
            sha256: document.sha256,
            via: 'onboarding_token',
          },
        });
        if (ready) {
          await this.audit.record(manager, {
            merchantId: merchant.id,
            action: 'KYB_STATUS_CHANGED',
            actor: SYSTEM_ACTOR,
            target: { type: 'merchant', id: merchant.id },
            client,
            details: { from: current.kybStatus, to: 'UNDER_REVIEW', reasonCode: null, requirements: [] },
          });
          const payload: MerchantKybEventPayload = {
            merchantId: merchant.id,
            status: 'UNDER_REVIEW',
            previousStatus: current.kybStatus,
            reasonCode: null,
          };
          await this.outbox.write(manager, {
            eventType: MERCHANT_EVENTS.kybStatusChanged,
            aggregateType: 'merchant',
            aggregateId: merchant.id,
            payload: { ...payload },
          });
        }
      });
    } catch (error) {
      await this.files.remove(document.storageKey).catch(() => undefined);
      throw error;
    }
    return document;
  }
}
