/* @name DirectoryByPopularity */
-- The customer directory's page (BillerSummaryDto items as one JSON array): by popularity.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active
             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items
    FROM billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
   ORDER BY b.popularity DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryByPopularityInCategory */
-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by popularity.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active
             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items
    FROM billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
   ORDER BY b.popularity DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryByName */
-- The customer directory's page (BillerSummaryDto items as one JSON array): by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active
             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])) AS total_items
    FROM billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryByNameInCategory */
-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active
             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])) AS total_items
    FROM billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryMatchesByPopularity */
-- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by popularity.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryMatchesByPopularityInCategory */
-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by popularity.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.popularity DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.popularity DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryMatchesByName */
-- The customer directory's page (BillerSummaryDto items as one JSON array): matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryMatchesByNameInCategory */
-- The customer directory's page (BillerSummaryDto items as one JSON array): in one category, matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT coalesce(json_agg(item ORDER BY page.relevance DESC, page.search_name, page.id), '[]')::text AS "items!",
       max(page.total_items) AS total_items
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id,
       LATERAL (SELECT b.id, b.slug, b.name, c.slug AS "categorySlug", c.name AS "categoryName",
                b.logo_url AS "logoUrl", b.country, b.currency,
                b.account_reference_label AS "accountReferenceLabel", b.amount_rule AS "amountRule",
                b.available) AS item;

/* @name DirectoryCount */
-- The directory's total past its last page (no row carries it).
SELECT count(*) AS "total!"
  FROM billers b
 WHERE b.active
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[]);

/* @name DirectoryCountInCategory */
-- The directory's total past its last page (no row carries it), in one category.
SELECT count(*) AS "total!"
  FROM billers b
 WHERE b.active
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[]);

/* @name DirectoryMatchCount */
-- The directory's total past its last page (no row carries it), of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.active
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active)::uuid[])
   AND b.search_vector @@ search.q;

/* @name DirectoryMatchCountInCategory */
-- The directory's total past its last page (no row carries it), in one category, of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.active
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE active AND slug = :categorySlug!)::uuid[])
   AND b.search_vector @@ search.q;

/* @name AdminBillers */
-- The admin list's page: every biller, by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b) AS total_items
    FROM billers b
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.search_name, page.id;

/* @name AdminBillersInCategory */
-- The admin list's page: every biller, in one category, by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items
    FROM billers b
   WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.search_name, page.id;

/* @name AdminBillersByActive */
-- The admin list's page: billers active or not as asked, by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active = :active!) AS total_items
    FROM billers b
   WHERE b.active = :active!
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.search_name, page.id;

/* @name AdminBillersByActiveInCategory */
-- The admin list's page: billers active or not as asked, in one category, by name.
WITH page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name,
         (SELECT count(*) FROM billers b
           WHERE b.active = :active!
             AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])) AS total_items
    FROM billers b
   WHERE b.active = :active!
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
   ORDER BY b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.search_name, page.id;

/* @name AdminBillerMatches */
-- The admin list's page: every biller, matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.relevance DESC, page.search_name, page.id;

/* @name AdminBillerMatchesInCategory */
-- The admin list's page: every biller, in one category, matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.relevance DESC, page.search_name, page.id;

/* @name AdminBillerMatchesByActive */
-- The admin list's page: billers active or not as asked, matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active = :active!
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.relevance DESC, page.search_name, page.id;

/* @name AdminBillerMatchesByActiveInCategory */
-- The admin list's page: billers active or not as asked, in one category, matching the words, name matches first, then by name.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q),
page AS MATERIALIZED (
  SELECT b.id, b.popularity, b.search_name, count(*) OVER () AS total_items,
         CASE WHEN ts_filter(b.search_vector, '{a}') @@ search.q THEN 1 ELSE 0 END AS relevance
    FROM search, billers b
   WHERE b.active = :active!
     AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
     AND b.search_vector @@ search.q
   ORDER BY relevance DESC, b.search_name, b.id
   LIMIT :limit! OFFSET :offset!)
SELECT b.id, b.slug, b.name, b.category_id, c.slug AS category_slug, c.name AS category_name, b.logo_url,
       b.country, b.currency, b.amount_rule, b.account_reference_label, b.available, b.active, b.popularity,
       page.total_items AS "total_items!"
  FROM page JOIN billers b ON b.id = page.id JOIN biller_categories c ON c.id = b.category_id
 ORDER BY page.relevance DESC, page.search_name, page.id;

/* @name AdminBillerCount */
-- The admin list's total past its last page.
SELECT count(*) AS "total!"
  FROM billers b;

/* @name AdminBillerCountInCategory */
-- The admin list's total past its last page, in one category.
SELECT count(*) AS "total!"
  FROM billers b
 WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[]);

/* @name AdminBillerCountByActive */
-- The admin list's total past its last page, active or not as asked.
SELECT count(*) AS "total!"
  FROM billers b
 WHERE b.active = :active!;

/* @name AdminBillerCountByActiveInCategory */
-- The admin list's total past its last page, active or not as asked, in one category.
SELECT count(*) AS "total!"
  FROM billers b
 WHERE b.active = :active!
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[]);

/* @name AdminBillerMatchCount */
-- The admin list's total past its last page, of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.search_vector @@ search.q;

/* @name AdminBillerMatchCountInCategory */
-- The admin list's total past its last page, in one category, of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
   AND b.search_vector @@ search.q;

/* @name AdminBillerMatchCountByActive */
-- The admin list's total past its last page, active or not as asked, of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.active = :active!
   AND b.search_vector @@ search.q;

/* @name AdminBillerMatchCountByActiveInCategory */
-- The admin list's total past its last page, active or not as asked, in one category, of the matches.
WITH search AS MATERIALIZED (SELECT biller_search_query(:words!::text[]) AS q)
SELECT count(*) AS "total!"
  FROM search, billers b
 WHERE b.active = :active!
   AND b.category_id = ANY ((SELECT array_agg(id) FROM biller_categories WHERE slug = :categorySlug!)::uuid[])
   AND b.search_vector @@ search.q;
