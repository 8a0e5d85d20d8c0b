import type { KybDocumentStatus } from './merchant-kyb-document.entity';
import { KYB_DOCUMENT_TYPES, KybDocumentType, Merchant } from './merchant.entity';

/** What a merchant still has to provide (Stripe's `requirements`, design/merchants.md section 1). */
export interface KybRequirements {
  currentlyDue: KybDocumentType[];
  eventuallyDue: KybDocumentType[];
  pastDue: KybDocumentType[];
  pendingVerification: KybDocumentType[];
  errors: { documentType: KybDocumentType; code: string; message: string }[];
  currentDeadline: Date | null;
}

/**
 * A document type is due when no current upload of it exists, when its upload was rejected, or
 * when a reviewer asked for it again (ACTION_REQUIRED) after it was last received. Received ones
 * wait for verification until the merchant is approved (or rejected).
 */
export function kybRequirements(
  merchant: Pick<Merchant, 'kybStatus' | 'requestedDocuments' | 'requirementsDeadline' | 'kybNote'>,
  documents: readonly { documentType: KybDocumentType; status: KybDocumentStatus }[],
  now: Date,
): KybRequirements {
  if (merchant.kybStatus === 'REJECTED') {
    return {
      currentlyDue: [],
      eventuallyDue: [],
      pastDue: [],
      pendingVerification: [],
      errors: [],
      currentDeadline: null,
    };
  }
  const current = new Map(documents.map((document) => [document.documentType, document.status]));
  const requested = new Set(merchant.requestedDocuments);
  const currentlyDue = KYB_DOCUMENT_TYPES.filter(
    (type) => requested.has(type) || !current.has(type) || current.get(type) === 'REJECTED',
  );
  const verified = merchant.kybStatus === 'APPROVED' || merchant.kybStatus === 'SUSPENDED';
  const pendingVerification = verified
    ? []
    : KYB_DOCUMENT_TYPES.filter((type) => !currentlyDue.includes(type) && current.get(type) === 'RECEIVED');
  const deadline = merchant.requirementsDeadline;
  return {
    currentlyDue,
    eventuallyDue: currentlyDue,
    pastDue: deadline && deadline <= now ? currentlyDue : [],
    pendingVerification,
    errors: merchant.requestedDocuments.map((documentType) => ({
      documentType,
      code: 'RESUBMISSION_REQUESTED',
      message: merchant.kybNote ?? 'The reviewer asked for this document again',
    })),
    currentDeadline: currentlyDue.length > 0 ? deadline : null,
  };
}
