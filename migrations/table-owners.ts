/**
 * The owner of every table the migrations create: the context (a folder of `src/modules/`, or
 * `platform` for `src/platform/`) whose SQL and entities alone may write it. Another context
 * asks the owner through its `index.ts`; only a context whose README declares itself a read
 * model (a `## Read model` section listing the tables) may read it, and never write it.
 * `test/architecture/table-ownership.spec.ts` holds the code to this list, and fails when a
 * migration creates a table that is not here: a new table gets its owner here, beside its
 * migration in `index.ts`.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // platform
  outbox_events: 'platform',
  admin_audit_log: 'platform',
  // identity
  users: 'identity',
  otp_challenges: 'identity',
  device_sessions: 'identity',
  refresh_tokens: 'identity',
  kyc_submissions: 'identity',
  // ledger
  ledger_accounts: 'ledger',
  journal_entries: 'ledger',
  journal_lines: 'ledger',
  // billers
  billers: 'billers',
  biller_categories: 'billers',
  biller_popularity: 'billers',
  biller_search_terms: 'billers',
  payment_rails: 'billers',
  saved_biller_accounts: 'billers',
  // payments (core, posting and the sandbox rail)
  payments: 'payments',
  payment_status_events: 'payments',
  payment_capture_instructions: 'payments',
  posting_attempts: 'payments',
  rail_reversals: 'payments',
  sandbox_rail_operations: 'payments',
  sandbox_rail_disputes: 'payments',
  // notifications
  notifications: 'notifications',
  notification_preferences: 'notifications',
  notification_event_receipts: 'notifications',
  // bills
  bills: 'bills',
  bill_payment_leases: 'bills',
  // schedules
  schedules: 'schedules',
  schedule_runs: 'schedules',
  // disputes
  disputes: 'disputes',
  dispute_timeline: 'disputes',
  // agents
  agent_float_top_ups: 'agents',
  // households
  households: 'households',
  household_members: 'households',
  household_shared_accounts: 'households',
  bill_shares: 'households',
  // reconciliation
  reconciliation_biller_checks: 'reconciliation',
  // compliance
  aml_flags: 'compliance',
  aml_reports: 'compliance',
  // merchants
  merchants: 'merchants',
  merchant_audit_log: 'merchants',
  merchant_kyb_documents: 'merchants',
  merchant_pricing_versions: 'merchants',
  merchant_settlement_accounts: 'merchants',
  merchant_velocity_caps: 'merchants',
  // merchants: identity
  merchant_users: 'merchants',
  merchant_memberships: 'merchants',
  merchant_sessions: 'merchants',
  merchant_refresh_tokens: 'merchants',
  merchant_invitations: 'merchants',
  // merchants: API keys
  merchant_api_keys: 'merchants',
  // merchants: origins
  merchant_origins: 'merchants',
  // merchants: webhooks
  merchant_webhook_endpoints: 'merchants',
  merchant_webhook_events: 'merchants',
  merchant_webhook_deliveries: 'merchants',
  merchant_webhook_attempts: 'merchants',
  // merchants: checkout
  merchant_checkout_sessions: 'merchants',
  merchant_payment_links: 'merchants',
  // merchants: ledger
  merchant_balance_releases: 'merchants',
  merchant_payment_disputes: 'merchants',
  // merchants: risk
  merchant_velocity_buckets: 'merchants',
  // merchants: the event stream
  merchant_events: 'merchants',
  merchant_event_sequences: 'merchants',
  // merchants: checkout (hosted pages)
  merchant_payment_link_views: 'merchants',
  // merchants: statements and health
  merchant_statements: 'merchants',
  merchant_api_request_counts: 'merchants',
  // merchants: checkout (refunds)
  merchant_refunds: 'merchants',
  // merchants: analytics
  merchant_stats_hourly: 'merchants',
  merchant_stats_payers_daily: 'merchants',
  merchant_stats_payers: 'merchants',
  merchant_stats_applied_events: 'merchants',
};
