/* @name ListMerchants */
-- The admin list, newest first; a null filter is left out. The pattern escapes LIKE's wildcards
-- with '='.
SELECT m.id, m.name, m.registration_number, m.contact_email, m.contact_phone, m.country, m.business_type,
       m.website, m.kyb_status, m.kyb_reason_code, m.kyb_note, m.requested_documents, m.requirements_deadline,
       m.onboarding_token_hash, m.onboarding_token_expires_at, m.created_at, m.updated_at, m.approved_at,
       m.risk_tier, m.risk_reason, m.risk_updated_at
  FROM merchants m
 WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)
   AND (:pattern::text IS NULL
        OR m.name ILIKE :pattern ESCAPE '='
        OR m.registration_number ILIKE :pattern ESCAPE '='
        OR m.contact_email ILIKE :pattern ESCAPE '=')
 ORDER BY m.created_at DESC, m.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name CountMerchants */
-- The admin list's total under the same filters.
SELECT count(*)::integer AS "total!"
  FROM merchants m
 WHERE (:kybStatus::text IS NULL OR m.kyb_status = :kybStatus)
   AND (:pattern::text IS NULL
        OR m.name ILIKE :pattern ESCAPE '='
        OR m.registration_number ILIKE :pattern ESCAPE '='
        OR m.contact_email ILIKE :pattern ESCAPE '=');

/* @name SupersedeKybDocument */
-- The current document of a type, before its successor is inserted.
UPDATE merchant_kyb_documents
   SET status = 'SUPERSEDED', superseded_at = :now!
 WHERE merchant_id = :merchantId! AND document_type = :documentType! AND status <> 'SUPERSEDED';

/* @name InsertDemoMerchant */
-- The demo merchant, unless it is there already; a row back when it was inserted.
INSERT INTO merchants (id, name, registration_number, contact_email, contact_phone, country, business_type,
                       website, kyb_status, kyb_reason_code, kyb_note, requested_documents, requirements_deadline,
                       onboarding_token_hash, onboarding_token_expires_at, created_at, updated_at, approved_at,
                       risk_tier, risk_reason, risk_updated_at)
VALUES (:id!, :name!, :registrationNumber!, :contactEmail!, :contactPhone, :country!, :businessType!,
        :website, :kybStatus!, :kybReasonCode, :kybNote, :requestedDocuments!::text[], :requirementsDeadline,
        :onboardingTokenHash!, :onboardingTokenExpiresAt!, :now!, :now!, :approvedAt,
        :riskTier!, :riskReason, :riskUpdatedAt)
ON CONFLICT DO NOTHING
RETURNING id;
