/** Types generated for queries found in "src/modules/merchants/onboarding/sql/merchants.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = (string)[];

/** 'ListMerchants' parameters type */
export interface ListMerchantsParams {
  kybStatus?: string | null | void;
  limit: NumberOrString;
  offset: NumberOrString;
  pattern?: string | null | void;
}

/** 'ListMerchants' return type */
export interface ListMerchantsResult {
  approved_at: Date | null;
  business_type: string;
  contact_email: string;
  contact_phone: string | null;
  country: string;
  created_at: Date;
  id: string;
  kyb_note: string | null;
  kyb_reason_code: string | null;
  kyb_status: string;
  name: string;
  onboarding_token_expires_at: Date;
  onboarding_token_hash: string;
  registration_number: string;
  requested_documents: stringArray;
  requirements_deadline: Date | null;
  risk_reason: string | null;
  risk_tier: string;
  risk_updated_at: Date | null;
  updated_at: Date;
  website: string | null;
}

/** 'ListMerchants' query type */
export interface ListMerchantsQuery {
  params: ListMerchantsParams;
  result: ListMerchantsResult;
}

const listMerchantsIR: any = {"usedParamSet":{"kybStatus":true,"pattern":true,"limit":true,"offset":true},"params":[{"name":"kybStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":513,"b":522},{"a":556,"b":565}]},{"name":"pattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":576,"b":583},{"a":623,"b":630},{"a":682,"b":689},{"a":735,"b":742}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":802,"b":808}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":817,"b":824}]}],"statement":"-- The admin list, newest first; a null filter is left out. The pattern escapes LIKE's wildcards\n-- with '='.\nSELECT m.id, m.name, m.registration_number, m.contact_email, m.contact_phone, m.country, m.business_type,\n       m.website, m.kyb_status, m.kyb_reason_code, m.kyb_note, m.requested_documents, m.requirements_deadline,\n       m.onboarding_token_hash, m.onboarding_token_expires_at, m.created_at, m.updated_at, m.approved_at,\n       m.risk_tier, m.risk_reason, m.risk_updated_at\n  FROM merchants m\n WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)\n   AND (:pattern::text IS NULL\n        OR m.name ILIKE :pattern ESCAPE '='\n        OR m.registration_number ILIKE :pattern ESCAPE '='\n        OR m.contact_email ILIKE :pattern ESCAPE '=')\n ORDER BY m.created_at DESC, m.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list, newest first; a null filter is left out. The pattern escapes LIKE's wildcards
 * -- with '='.
 * SELECT m.id, m.name, m.registration_number, m.contact_email, m.contact_phone, m.country, m.business_type,
 *        m.website, m.kyb_status, m.kyb_reason_code, m.kyb_note, m.requested_documents, m.requirements_deadline,
 *        m.onboarding_token_hash, m.onboarding_token_expires_at, m.created_at, m.updated_at, m.approved_at,
 *        m.risk_tier, m.risk_reason, m.risk_updated_at
 *   FROM merchants m
 *  WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)
 *    AND (:pattern::text IS NULL
 *         OR m.name ILIKE :pattern ESCAPE '='
 *         OR m.registration_number ILIKE :pattern ESCAPE '='
 *         OR m.contact_email ILIKE :pattern ESCAPE '=')
 *  ORDER BY m.created_at DESC, m.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const listMerchants = new PreparedQuery<ListMerchantsParams,ListMerchantsResult>(listMerchantsIR);


/** 'CountMerchants' parameters type */
export interface CountMerchantsParams {
  kybStatus?: string | null | void;
  pattern?: string | null | void;
}

/** 'CountMerchants' return type */
export interface CountMerchantsResult {
  total: number;
}

/** 'CountMerchants' query type */
export interface CountMerchantsQuery {
  params: CountMerchantsParams;
  result: CountMerchantsResult;
}

const countMerchantsIR: any = {"usedParamSet":{"kybStatus":true,"pattern":true},"params":[{"name":"kybStatus","required":false,"transform":{"type":"scalar"},"locs":[{"a":114,"b":123},{"a":157,"b":166}]},{"name":"pattern","required":false,"transform":{"type":"scalar"},"locs":[{"a":177,"b":184},{"a":224,"b":231},{"a":283,"b":290},{"a":336,"b":343}]}],"statement":"-- The admin list's total under the same filters.\nSELECT count(*)::integer AS \"total!\"\n  FROM merchants m\n WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)\n   AND (:pattern::text IS NULL\n        OR m.name ILIKE :pattern ESCAPE '='\n        OR m.registration_number ILIKE :pattern ESCAPE '='\n        OR m.contact_email ILIKE :pattern ESCAPE '=')"};

/**
 * Query generated from SQL:
 * ```
 * -- The admin list's total under the same filters.
 * SELECT count(*)::integer AS "total!"
 *   FROM merchants m
 *  WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)
 *    AND (:pattern::text IS NULL
 *         OR m.name ILIKE :pattern ESCAPE '='
 *         OR m.registration_number ILIKE :pattern ESCAPE '='
 *         OR m.contact_email ILIKE :pattern ESCAPE '=')
 * ```
 */
export const countMerchants = new PreparedQuery<CountMerchantsParams,CountMerchantsResult>(countMerchantsIR);


/** 'SupersedeKybDocument' parameters type */
export interface SupersedeKybDocumentParams {
  documentType: string;
  merchantId: string;
  now: DateOrString;
}

/** 'SupersedeKybDocument' return type */
export type SupersedeKybDocumentResult = void;

/** 'SupersedeKybDocument' query type */
export interface SupersedeKybDocumentQuery {
  params: SupersedeKybDocumentParams;
  result: SupersedeKybDocumentResult;
}

const supersedeKybDocumentIR: any = {"usedParamSet":{"now":true,"merchantId":true,"documentType":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":145,"b":149}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":172,"b":183}]},{"name":"documentType","required":true,"transform":{"type":"scalar"},"locs":[{"a":205,"b":218}]}],"statement":"-- The current document of a type, before its successor is inserted.\nUPDATE merchant_kyb_documents\n   SET status = 'SUPERSEDED', superseded_at = :now!\n WHERE merchant_id = :merchantId! AND document_type = :documentType! AND status <> 'SUPERSEDED'"};

/**
 * Query generated from SQL:
 * ```
 * -- The current document of a type, before its successor is inserted.
 * UPDATE merchant_kyb_documents
 *    SET status = 'SUPERSEDED', superseded_at = :now!
 *  WHERE merchant_id = :merchantId! AND document_type = :documentType! AND status <> 'SUPERSEDED'
 * ```
 */
export const supersedeKybDocument = new PreparedQuery<SupersedeKybDocumentParams,SupersedeKybDocumentResult>(supersedeKybDocumentIR);


/** 'InsertDemoMerchant' parameters type */
export interface InsertDemoMerchantParams {
  approvedAt?: DateOrString | null | void;
  businessType: string;
  contactEmail: string;
  contactPhone?: string | null | void;
  country: string;
  id: string;
  kybNote?: string | null | void;
  kybReasonCode?: string | null | void;
  kybStatus: string;
  name: string;
  now: DateOrString;
  onboardingTokenExpiresAt: DateOrString;
  onboardingTokenHash: string;
  registrationNumber: string;
  requestedDocuments: stringArray;
  requirementsDeadline?: DateOrString | null | void;
  riskReason?: string | null | void;
  riskTier: string;
  riskUpdatedAt?: DateOrString | null | void;
  website?: string | null | void;
}

/** 'InsertDemoMerchant' return type */
export interface InsertDemoMerchantResult {
  id: string;
}

/** 'InsertDemoMerchant' query type */
export interface InsertDemoMerchantQuery {
  params: InsertDemoMerchantParams;
  result: InsertDemoMerchantResult;
}

const insertDemoMerchantIR: any = {"usedParamSet":{"id":true,"name":true,"registrationNumber":true,"contactEmail":true,"contactPhone":true,"country":true,"businessType":true,"website":true,"kybStatus":true,"kybReasonCode":true,"kybNote":true,"requestedDocuments":true,"requirementsDeadline":true,"onboardingTokenHash":true,"onboardingTokenExpiresAt":true,"now":true,"approvedAt":true,"riskTier":true,"riskReason":true,"riskUpdatedAt":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":490,"b":493}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":496,"b":501}]},{"name":"registrationNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":504,"b":523}]},{"name":"contactEmail","required":true,"transform":{"type":"scalar"},"locs":[{"a":526,"b":539}]},{"name":"contactPhone","required":false,"transform":{"type":"scalar"},"locs":[{"a":542,"b":554}]},{"name":"country","required":true,"transform":{"type":"scalar"},"locs":[{"a":557,"b":565}]},{"name":"businessType","required":true,"transform":{"type":"scalar"},"locs":[{"a":568,"b":581}]},{"name":"website","required":false,"transform":{"type":"scalar"},"locs":[{"a":592,"b":599}]},{"name":"kybStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":602,"b":612}]},{"name":"kybReasonCode","required":false,"transform":{"type":"scalar"},"locs":[{"a":615,"b":628}]},{"name":"kybNote","required":false,"transform":{"type":"scalar"},"locs":[{"a":631,"b":638}]},{"name":"requestedDocuments","required":true,"transform":{"type":"scalar"},"locs":[{"a":641,"b":660}]},{"name":"requirementsDeadline","required":false,"transform":{"type":"scalar"},"locs":[{"a":671,"b":691}]},{"name":"onboardingTokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":702,"b":722}]},{"name":"onboardingTokenExpiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":725,"b":750}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":753,"b":757},{"a":760,"b":764}]},{"name":"approvedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":767,"b":777}]},{"name":"riskTier","required":true,"transform":{"type":"scalar"},"locs":[{"a":788,"b":797}]},{"name":"riskReason","required":false,"transform":{"type":"scalar"},"locs":[{"a":800,"b":810}]},{"name":"riskUpdatedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":813,"b":826}]}],"statement":"-- The demo merchant, unless it is there already; a row back when it was inserted.\nINSERT INTO merchants (id, name, registration_number, contact_email, contact_phone, country, business_type,\n                       website, kyb_status, kyb_reason_code, kyb_note, requested_documents, requirements_deadline,\n                       onboarding_token_hash, onboarding_token_expires_at, created_at, updated_at, approved_at,\n                       risk_tier, risk_reason, risk_updated_at)\nVALUES (:id!, :name!, :registrationNumber!, :contactEmail!, :contactPhone, :country!, :businessType!,\n        :website, :kybStatus!, :kybReasonCode, :kybNote, :requestedDocuments!::text[], :requirementsDeadline,\n        :onboardingTokenHash!, :onboardingTokenExpiresAt!, :now!, :now!, :approvedAt,\n        :riskTier!, :riskReason, :riskUpdatedAt)\nON CONFLICT DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- The demo merchant, unless it is there already; a row back when it was inserted.
 * INSERT INTO merchants (id, name, registration_number, contact_email, contact_phone, country, business_type,
 *                        website, kyb_status, kyb_reason_code, kyb_note, requested_documents, requirements_deadline,
 *                        onboarding_token_hash, onboarding_token_expires_at, created_at, updated_at, approved_at,
 *                        risk_tier, risk_reason, risk_updated_at)
 * VALUES (:id!, :name!, :registrationNumber!, :contactEmail!, :contactPhone, :country!, :businessType!,
 *         :website, :kybStatus!, :kybReasonCode, :kybNote, :requestedDocuments!::text[], :requirementsDeadline,
 *         :onboardingTokenHash!, :onboardingTokenExpiresAt!, :now!, :now!, :approvedAt,
 *         :riskTier!, :riskReason, :riskUpdatedAt)
 * ON CONFLICT DO NOTHING
 * RETURNING id
 * ```
 */
export const insertDemoMerchant = new PreparedQuery<InsertDemoMerchantParams,InsertDemoMerchantResult>(insertDemoMerchantIR);


