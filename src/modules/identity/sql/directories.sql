/* @name VerifiedCustomersByPhone */
-- CustomerDirectory: verified customers only (a customer with a verified phone, active).
SELECT u.id, u.phone
  FROM users u
 WHERE u.phone = ANY (:phones!::text[])
   AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL;

/* @name VerifiedCustomersById */
SELECT u.id, u.phone, coalesce(k.legal_name, u.display_name) AS name, k.id AS kyc_submission_id,
       k.national_id_number_encrypted
  FROM users u
  LEFT JOIN LATERAL (SELECT id, legal_name, national_id_number_encrypted FROM kyc_submissions
                      WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) k ON true
 WHERE u.id = ANY (:ids!::uuid[])
   AND u.role = 'CUSTOMER' AND u.status = 'ACTIVE' AND u.phone_verified_at IS NOT NULL;

/* @name ActiveStaffById */
SELECT u.id, u.role, u.display_name FROM users u
 WHERE u.id = ANY (:ids!::uuid[]) AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE';

/* @name ActiveStaffByPhone */
SELECT u.id, u.role, u.display_name FROM users u
 WHERE u.phone = :phone! AND u.role <> 'CUSTOMER' AND u.status = 'ACTIVE';
