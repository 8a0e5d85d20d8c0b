/* @name InsertDemoCategory */
-- A demo category unless its slug is taken (BillerCatalogueSeeder). A row when inserted.
INSERT INTO biller_categories (id, slug, name, icon, sort_order, active)
VALUES (:id!, :slug!, :name!, :icon!, :sortOrder!, true)
    ON CONFLICT (slug) DO NOTHING
RETURNING id;

/* @name InsertDemoRail */
-- A demo payment rail unless its code is taken. A row when inserted.
INSERT INTO payment_rails (id, code, name, active, fee_flat, fee_percent_bps, min_amount, max_amount)
VALUES (:id!, :code!, :name!, true, :feeFlat!, :feePercentBps!, :minAmount!, :maxAmount!)
    ON CONFLICT (code) DO NOTHING
RETURNING id;

/* @name CategoryIdsBySlug */
SELECT id, slug FROM biller_categories WHERE slug = ANY (:slugs!::text[]);

/* @name InsertDemoBiller */
-- A demo biller (Nigerian, NGN, active and available) unless its slug is taken. A row when inserted.
INSERT INTO billers (id, slug, name, aliases, category_id, logo_url, country, currency, accepted_rails,
                     fee_flat, fee_percent_bps, min_amount, max_amount, account_reference_label,
                     account_reference_pattern, amount_rule, validates_directly, connector_base_url,
                     connector_secret_ref, connector_timeout_ms, active, available, popularity, search_name,
                     search_text)
VALUES (:id!, :slug!, :name!, :aliases!, :categoryId!, :logoUrl!, 'NG', 'NGN', :acceptedRails!, :feeFlat!,
        :feePercentBps!, :minAmount!, :maxAmount!, :accountReferenceLabel!, :accountReferencePattern!,
        :amountRule!, :validatesDirectly!, :connectorBaseUrl!, :connectorSecretRef!, 5000, true, true,
        :popularity!, :searchName!, :searchText!)
    ON CONFLICT (slug) DO NOTHING
RETURNING id;

/* @name SeedDemoPopularity */
-- Spreads a total of successful payments evenly over the given number of days ending today (UTC).
INSERT INTO biller_popularity (biller_id, day, successful_payments)
SELECT :billerId!, (now() AT TIME ZONE 'UTC')::date - d,
       :total!::integer / :days!::integer + CASE WHEN d < :total!::integer % :days!::integer THEN 1 ELSE 0 END
  FROM generate_series(0, :days!::integer - 1) AS d;

/* @name CompleteDemoConnectors */
-- Gives the demo billers (by slug) missing a connector the simulator's, and answers how many it completed.
WITH completed AS (
  UPDATE billers b
     SET connector_base_url = COALESCE(b.connector_base_url, :simulatorUrl!::text || '/billers/' || b.slug),
         connector_secret_ref = COALESCE(b.connector_secret_ref, :secretRef!::text),
         updated_at = now()
   WHERE b.slug = ANY (:slugs!::text[]) AND (b.connector_base_url IS NULL OR b.connector_secret_ref IS NULL)
  RETURNING b.id
)
SELECT count(*)::int AS "completed!" FROM completed;
