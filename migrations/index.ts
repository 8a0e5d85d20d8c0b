import { CreateOutbox1795392000000 } from './1795392000000-create-outbox';
import { CreateIdentity1795478400000 } from './1795478400000-create-identity';
import { CreateLedger1795600000000 } from './1795600000000-create-ledger';
import { CreateAdminAuditLog1795651200000 } from './1795651200000-create-admin-audit-log';
import { CreateBillers1795654800000 } from './1795654800000-create-billers';
import { CreatePayments1795700000000 } from './1795700000000-create-payments';
import { CreateNotifications1795710000000 } from './1795710000000-create-notifications';
import { BillerSearchVocabularyIndex1795720000000 } from './1795720000000-biller-search-vocabulary-index';
import { BillerPopularityShards1795730000000 } from './1795730000000-biller-popularity-shards';
import { DurableMoneyWork1795740000000 } from './1795740000000-durable-money-work';
import { PaymentCore1795750000000 } from './1795750000000-payment-core';
import { CreateBills1795760000000 } from './1795760000000-create-bills';
import { CreateSchedules1795770000000 } from './1795770000000-create-schedules';
import { CreateDisputes1795790000000 } from './1795790000000-create-disputes';
import { AgentPayments1795810000000 } from './1795810000000-agent-payments';
import { AdminUsers1795830000000 } from './1795830000000-admin-users';
import { CreateHouseholds1795820000000 } from './1795820000000-create-households';
import { MetricsIndexes1795840000000 } from './1795840000000-metrics-indexes';
import { Reconciliation1795850000000 } from './1795850000000-reconciliation';
import { CreateAmlFlags1795860000000 } from './1795860000000-create-aml-flags';
import { CreateMerchants1795870000000 } from './1795870000000-create-merchants';
import { MerchantPricingAndRisk1795871000000 } from './1795871000000-merchant-pricing-and-risk';
import { CreateMerchantIdentity1795872000000 } from './1795872000000-create-merchant-identity';
import { MerchantInvitationResends1795873000000 } from './1795873000000-merchant-invitation-resends';
import { CreateMerchantApiKeys1795874000000 } from './1795874000000-create-merchant-api-keys';
import { BillPaymentLeaseKey1795875000000 } from './1795875000000-bill-payment-lease-key';
import { PaymentCaptureInstructions1795875400000 } from './1795875400000-payment-capture-instructions';
import { AmlQueueOrder1795876000000 } from './1795876000000-aml-queue-order';
import { EncryptNationalIdsAndSettlementAccounts1795878000000 } from './1795878000000-encrypt-national-ids-and-settlement-accounts';
import { BoundedPaymentStatements1795886000000 } from './1795886000000-bounded-payment-statements';
import { CreateMerchantOrigins1795887000000 } from './1795887000000-create-merchant-origins';
import { CreateMerchantWebhooks1795888000000 } from './1795888000000-create-merchant-webhooks';
import { CreateMerchantCheckoutSessions1795888500000 } from './1795888500000-create-merchant-checkout-sessions';
import { CreateMerchantPaymentLinks1795888600000 } from './1795888600000-create-merchant-payment-links';
import { MerchantWebhookSweepAndPurgeIndexes1795889310000 } from './1795889310000-merchant-webhook-sweep-and-purge-indexes';
import { CreateMerchantBalanceReleases1795889420000 } from './1795889420000-create-merchant-balance-releases';
import { MerchantVelocityBuckets1795889700000 } from './1795889700000-merchant-velocity-buckets';
import { CheckoutPayments1795889900000 } from './1795889900000-checkout-payments';
import { CreateMerchantEvents1795889950000 } from './1795889950000-create-merchant-events';
import { MerchantOriginRecheck1795889960000 } from './1795889960000-merchant-origin-recheck';
import { CreateMerchantPaymentLinkViews1795889970000 } from './1795889970000-create-merchant-payment-link-views';
import { CreateMerchantStats1795890300000 } from './1795890300000-create-merchant-stats';
import { MerchantStatsRefunds1795890310000 } from './1795890310000-merchant-stats-refunds';
import { PaymentRefundedAmount1795890000000 } from './1795890000000-payment-refunded-amount';
import { MerchantPaymentsSearch1795890200000 } from './1795890200000-merchant-payments-search';
import { CreateMerchantStatements1795890400000 } from './1795890400000-create-merchant-statements';
import { CreateMerchantRefunds1795890100000 } from './1795890100000-create-merchant-refunds';
import { SandboxRailDisputes1795890500000 } from './1795890500000-sandbox-rail-disputes';
import { CreateMerchantPaymentDisputes1795890510000 } from './1795890510000-create-merchant-payment-disputes';
import { MerchantRefundsLatestSucceeded1795891000000 } from './1795891000000-merchant-refunds-latest-succeeded';
import { CheckoutSessionAdmissionTerms1795892000000 } from './1795892000000-checkout-session-admission-terms';
import { MerchantStatsPayersMonthly1795893000000 } from './1795893000000-merchant-stats-payers-monthly';
import { MerchantStatsPayerTotals1795894000000 } from './1795894000000-merchant-stats-payer-totals';
import { CsvCellFunctions1795898000000 } from './1795898000000-csv-cell-functions';

/** Every migration, oldest first. `migration:generate` writes the file; add it here too. */
export const MIGRATIONS = [
  CreateOutbox1795392000000,
  CreateIdentity1795478400000,
  CreateLedger1795600000000,
  CreateAdminAuditLog1795651200000,
  CreateBillers1795654800000,
  CreatePayments1795700000000,
  CreateNotifications1795710000000,
  BillerSearchVocabularyIndex1795720000000,
  BillerPopularityShards1795730000000,
  DurableMoneyWork1795740000000,
  PaymentCore1795750000000,
  CreateBills1795760000000,
  CreateSchedules1795770000000,
  CreateDisputes1795790000000,
  AgentPayments1795810000000,
  CreateHouseholds1795820000000,
  AdminUsers1795830000000,
  MetricsIndexes1795840000000,
  Reconciliation1795850000000,
  CreateAmlFlags1795860000000,
  CreateMerchants1795870000000,
  MerchantPricingAndRisk1795871000000,
  CreateMerchantIdentity1795872000000,
  MerchantInvitationResends1795873000000,
  CreateMerchantApiKeys1795874000000,
  BillPaymentLeaseKey1795875000000,
  PaymentCaptureInstructions1795875400000,
  AmlQueueOrder1795876000000,
  EncryptNationalIdsAndSettlementAccounts1795878000000,
  BoundedPaymentStatements1795886000000,
  CreateMerchantOrigins1795887000000,
  CreateMerchantWebhooks1795888000000,
  CreateMerchantCheckoutSessions1795888500000,
  CreateMerchantPaymentLinks1795888600000,
  MerchantWebhookSweepAndPurgeIndexes1795889310000,
  CreateMerchantBalanceReleases1795889420000,
  MerchantVelocityBuckets1795889700000,
  CheckoutPayments1795889900000,
  CreateMerchantEvents1795889950000,
  MerchantOriginRecheck1795889960000,
  CreateMerchantPaymentLinkViews1795889970000,
  PaymentRefundedAmount1795890000000,
  CreateMerchantRefunds1795890100000,
  MerchantPaymentsSearch1795890200000,
  CreateMerchantStats1795890300000,
  MerchantStatsRefunds1795890310000,
  CreateMerchantStatements1795890400000,
  SandboxRailDisputes1795890500000,
  CreateMerchantPaymentDisputes1795890510000,
  MerchantRefundsLatestSucceeded1795891000000,
  CheckoutSessionAdmissionTerms1795892000000,
  MerchantStatsPayersMonthly1795893000000,
  MerchantStatsPayerTotals1795894000000,
  CsvCellFunctions1795898000000,
];
