/* @name FunnelCohort */
-- The identity steps of the registration cohort created in [from, to) (FunnelReadModel.cohort).
-- The cohort is read through users_created_at_idx and the pending registrations through
-- otp_challenges_created_at_idx (migration 1795840000000), so the cost follows the window.
WITH cohort AS (
  SELECT u.id, u.pin_set_at, u.kyc_tier
    FROM users u
   WHERE u.created_at >= :from! AND u.created_at < :to! AND u.role = 'CUSTOMER'
)
SELECT (SELECT count(*) FROM cohort)::int AS "verified!",
       (SELECT count(*) FROM cohort WHERE pin_set_at IS NOT NULL)::int AS "pin_set!",
       (SELECT count(*) FROM otp_challenges o
         WHERE o.created_at >= :from! AND o.created_at < :to!
           AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone = o.phone))::int AS "unverified!",
       coalesce((SELECT array_agg(id::text) FROM cohort WHERE pin_set_at IS NOT NULL AND kyc_tier = 'TIER_1'),
                '{}'::text[]) AS "kyc_tier1_ids!";
