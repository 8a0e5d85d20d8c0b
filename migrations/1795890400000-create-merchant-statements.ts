import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly merchant statements: one row per merchant, mode, month and currency, made once by the
 * statement job (the unique key is what keeps two workers from making a month twice), with the
 * month's figures read from the merchant's ledger accounts and the files (PDF, CSV) kept in the
 * platform's FileStore (`files`: format, key, content type, size and SHA-256 of each).
 *
 * `merchant_api_request_counts`: the merchant API's outcomes per merchant, mode and UTC hour
 * (requests made with an API key, those answered 4xx and 5xx), added to by each API process
 * every few seconds from counts kept in memory, for the health check's 24-hour error rate.
 */
export class CreateMerchantStatements1795890400000 implements MigrationInterface {
  name = 'CreateMerchantStatements1795890400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE merchant_statements (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        period char(7) NOT NULL,
        currency char(3) NOT NULL,
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        status varchar(12) NOT NULL,
        opening_balance bigint,
        gross_volume bigint,
        fees bigint,
        refunds bigint,
        reserve_held bigint,
        reserve_released bigint,
        payouts bigint,
        closing_balance bigint,
        failure_reason varchar(500),
        files jsonb NOT NULL DEFAULT '[]',
        generated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT merchant_statements_period_key UNIQUE (merchant_id, livemode, period, currency),
        CONSTRAINT merchant_statements_period_check CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        CONSTRAINT merchant_statements_status_check CHECK (status IN ('PENDING', 'GENERATING', 'READY', 'FAILED')),
        CONSTRAINT merchant_statements_window_check CHECK (period_start < period_end),
        CONSTRAINT merchant_statements_ready_check CHECK (
          status <> 'READY' OR (closing_balance IS NOT NULL AND generated_at IS NOT NULL)),
        CONSTRAINT merchant_statements_failed_check CHECK (status <> 'FAILED' OR failure_reason IS NOT NULL)
      )`);
    await queryRunner.query(`
      CREATE INDEX merchant_statements_list_idx
        ON merchant_statements (merchant_id, livemode, period DESC, currency)`);
    await queryRunner.query(`
      CREATE TABLE merchant_api_request_counts (
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        livemode boolean NOT NULL,
        hour timestamptz NOT NULL,
        total integer NOT NULL,
        client_errors integer NOT NULL,
        server_errors integer NOT NULL,
        PRIMARY KEY (merchant_id, livemode, hour),
        CONSTRAINT merchant_api_request_counts_check CHECK (
          total >= 0 AND client_errors >= 0 AND server_errors >= 0 AND client_errors + server_errors <= total)
      )`);
    await queryRunner.query(`CREATE INDEX merchant_api_request_counts_hour_idx ON merchant_api_request_counts (hour)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE merchant_api_request_counts`);
    await queryRunner.query(`DROP TABLE merchant_statements`);
  }
}
