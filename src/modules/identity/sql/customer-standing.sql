/* @name RegisteredWithin */
-- Whether the user registered less than the days ago, back from the transaction's start.
SELECT created_at > now() - make_interval(days => :days!) AS "recent!" FROM users WHERE id = :userId!;

/* @name StandingById */
-- Any user, whatever their role or status: a reviewer sees who a past payment was for.
SELECT id, phone, kyc_tier FROM users WHERE id = ANY (:ids!::uuid[]);
