import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The biller directory: categories, payment rails, billers (searched by full text over the
 * normalised name and aliases the application writes, with a GIN index, and typo-corrected
 * through a pg_trgm-indexed vocabulary of their words), the daily successful-payment counts
 * that feed `billers.popularity`, and customers' saved biller accounts.
 */
export class CreateBillers1795654800000 implements MigrationInterface {
  name = 'CreateBillers1795654800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await queryRunner.query(`
      CREATE TABLE biller_categories (
        id uuid PRIMARY KEY,
        slug varchar(60) NOT NULL,
        name varchar(80) NOT NULL,
        icon varchar(60) NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT biller_categories_slug_key UNIQUE (slug),
        CONSTRAINT biller_categories_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
      )
    `);

    await queryRunner.query(`
      CREATE TABLE payment_rails (
        id uuid PRIMARY KEY,
        code varchar(32) NOT NULL,
        name varchar(80) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        fee_flat bigint NOT NULL DEFAULT 0,
        fee_percent_bps integer NOT NULL DEFAULT 0,
        min_amount bigint NOT NULL,
        max_amount bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_rails_code_key UNIQUE (code),
        CONSTRAINT payment_rails_code_check CHECK (code ~ '^[A-Z][A-Z0-9_]{1,31}$'),
        CONSTRAINT payment_rails_fee_check CHECK (fee_flat >= 0 AND fee_percent_bps BETWEEN 0 AND 10000),
        CONSTRAINT payment_rails_amount_check CHECK (min_amount >= 1 AND max_amount >= min_amount)
      )
    `);

    await queryRunner.query(`
      CREATE TABLE billers (
        id uuid PRIMARY KEY,
        slug varchar(80) NOT NULL,
        name varchar(120) NOT NULL,
        aliases text[] NOT NULL DEFAULT '{}',
        category_id uuid NOT NULL REFERENCES biller_categories (id),
        logo_url varchar(500),
        country char(2) NOT NULL,
        currency char(3) NOT NULL,
        accepted_rails text[] NOT NULL DEFAULT '{}',
        fee_flat bigint NOT NULL DEFAULT 0,
        fee_percent_bps integer NOT NULL DEFAULT 0,
        min_amount bigint NOT NULL,
        max_amount bigint NOT NULL,
        account_reference_label varchar(60) NOT NULL,
        account_reference_pattern varchar(200) NOT NULL,
        amount_rule varchar(16) NOT NULL,
        validates_directly boolean NOT NULL DEFAULT false,
        connector_base_url varchar(500),
        connector_secret_ref varchar(40),
        connector_timeout_ms integer NOT NULL DEFAULT 5000,
        active boolean NOT NULL DEFAULT true,
        available boolean NOT NULL DEFAULT true,
        popularity integer NOT NULL DEFAULT 0,
        search_name text NOT NULL,
        search_text text NOT NULL,
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple'::regconfig, search_name), 'A') ||
          setweight(to_tsvector('simple'::regconfig, search_text), 'B')
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT billers_slug_key UNIQUE (slug),
        CONSTRAINT billers_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
        CONSTRAINT billers_country_check CHECK (country ~ '^[A-Z]{2}$'),
        CONSTRAINT billers_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
        CONSTRAINT billers_fee_check CHECK (fee_flat >= 0 AND fee_percent_bps BETWEEN 0 AND 10000),
        CONSTRAINT billers_amount_check CHECK (min_amount >= 1 AND max_amount >= min_amount),
        CONSTRAINT billers_amount_rule_check CHECK (amount_rule IN ('EXACT', 'AT_LEAST', 'AT_MOST', 'ANY')),
        CONSTRAINT billers_connector_timeout_check CHECK (connector_timeout_ms BETWEEN 100 AND 30000),
        CONSTRAINT billers_direct_connector_check CHECK (
          NOT validates_directly OR (connector_base_url IS NOT NULL AND connector_secret_ref IS NOT NULL)
        ),
        CONSTRAINT billers_popularity_check CHECK (popularity >= 0)
      )
    `);
    // fastupdate off: the directory is read far more than written, and a GIN pending list
    // (filled by bulk loads until a vacuum) makes every search scan it and the planner avoid
    // the index. Each biller write updates the index directly instead.
    await queryRunner.query(
      `CREATE INDEX billers_search_vector_idx ON billers USING gin (search_vector) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`CREATE INDEX billers_category_idx ON billers (category_id)`);
    await queryRunner.query(
      `CREATE INDEX billers_popular_idx ON billers (popularity DESC, search_name, id) WHERE active`,
    );
    await queryRunner.query(`CREATE INDEX billers_name_idx ON billers (search_name, id) WHERE active`);

    // The search vocabulary: every word of 3+ characters in any biller's search text, with a
    // pg_trgm index, for typo and infix correction. The trigger adds the words of each write;
    // the worker's periodic sync drops words no biller uses any more.
    await queryRunner.query(`CREATE TABLE biller_search_terms (term text COLLATE "C" PRIMARY KEY)`);
    await queryRunner.query(
      `CREATE INDEX biller_search_terms_trgm_idx ON biller_search_terms USING gin (term gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION billers_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO biller_search_terms (term)
        SELECT DISTINCT word FROM unnest(string_to_array(NEW.search_text, ' ')) AS word WHERE length(word) >= 3
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
      $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER billers_collect_search_terms AFTER INSERT OR UPDATE OF search_text ON billers
        FOR EACH ROW EXECUTE FUNCTION billers_collect_search_terms()
    `);
    // The full-text query for normalised query words (letters and digits only): every word
    // must match. A word that starts a known word (or is shorter than 3 characters) matches
    // as a prefix ('ike':*). Any other word is a typo or a fragment: it matches the known words
    // most similar to it (pg_trgm similarity >= pg_trgm.similarity_threshold, 0.3) or that
    // contain it, at most five of each.
    await queryRunner.query(`
      CREATE FUNCTION biller_search_query(words text[]) RETURNS tsquery
      LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
      DECLARE
        word text;
        alternatives text;
        expression text := '';
      BEGIN
        FOREACH word IN ARRAY words LOOP
          IF length(word) < 3 OR EXISTS (
            SELECT 1 FROM biller_search_terms
             WHERE term >= word COLLATE "C" AND term < (word || chr(1114111)) COLLATE "C"
          ) THEN
            alternatives := quote_literal(word) || ':*';
          ELSE
            SELECT string_agg(quote_literal(term), ' | ')
              INTO alternatives
              FROM ((SELECT term FROM biller_search_terms WHERE term % word
                      ORDER BY similarity(term, word) DESC, term LIMIT 5)
                    UNION
                    (SELECT term FROM biller_search_terms WHERE term LIKE '%' || word || '%'
                      ORDER BY length(term), term LIMIT 5)) AS corrections;
            alternatives := coalesce(alternatives, quote_literal(word));
          END IF;
          expression := expression || CASE WHEN expression = '' THEN '' ELSE ' & ' END || '(' || alternatives || ')';
        END LOOP;
        RETURN expression::tsquery;
      END
      $$
    `);

    await queryRunner.query(`
      CREATE TABLE biller_popularity (
        biller_id uuid NOT NULL REFERENCES billers (id),
        day date NOT NULL,
        successful_payments integer NOT NULL DEFAULT 0,
        PRIMARY KEY (biller_id, day),
        CONSTRAINT biller_popularity_count_check CHECK (successful_payments >= 0)
      )
    `);
    await queryRunner.query(`CREATE INDEX biller_popularity_day_idx ON biller_popularity (day)`);

    await queryRunner.query(`
      CREATE TABLE saved_biller_accounts (
        id uuid PRIMARY KEY,
        customer_user_id uuid NOT NULL,
        biller_id uuid NOT NULL REFERENCES billers (id),
        account_reference varchar(64) NOT NULL,
        nickname varchar(60),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT saved_biller_accounts_customer_biller_reference_key UNIQUE (customer_user_id, biller_id, account_reference)
      )
    `);
    await queryRunner.query(
      `CREATE INDEX saved_biller_accounts_customer_idx ON saved_biller_accounts (customer_user_id, created_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE saved_biller_accounts`);
    await queryRunner.query(`DROP TABLE biller_popularity`);
    await queryRunner.query(`DROP FUNCTION biller_search_query(text[])`);
    await queryRunner.query(`DROP TABLE billers`);
    await queryRunner.query(`DROP FUNCTION billers_collect_search_terms()`);
    await queryRunner.query(`DROP TABLE biller_search_terms`);
    await queryRunner.query(`DROP TABLE payment_rails`);
    await queryRunner.query(`DROP TABLE biller_categories`);
    // pg_trgm stays: other schemas or later migrations may use it, and dropping it is not needed to undo this one.
  }
}
