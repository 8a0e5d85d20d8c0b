/**
 * The document's tags, in the order Swagger UI and generated clients list them, each with the
 * description they show for its group of operations. Contexts add their controllers' tags here,
 * as they add their error codes to the catalogue: the platform names no context's code, only
 * the words that describe it. The document lists the tags its operations use; a test fails on
 * a tag used without an entry here.
 */
export const OPENAPI_TAGS: readonly { name: string; description: string }[] = [
  {
    name: 'Auth',
    description:
      'Registration by phone and one-time password, PIN set-up and login, token refresh, logout, and the device sessions of the signed-in customer.',
  },
  { name: 'Profile', description: "The signed-in customer's profile." },
  { name: 'KYC', description: 'Identity verification that raises the KYC tier, and with it the payment limits.' },
  {
    name: 'Billers',
    description:
      'The biller directory: search, categories, one biller with its fees and limits, and account validation with the biller.',
  },
  { name: 'Saved accounts', description: "The customer's saved biller accounts, for paying again quickly." },
  {
    name: 'Payments',
    description:
      'One-time bill payments (idempotent by `Idempotency-Key`), the transaction history, receipts and reorder drafts.',
  },
  {
    name: 'Schedules',
    description:
      "Scheduled payments (once, weekly, monthly; a fixed amount or your pushed bills up to a maximum) under consent to the current terms, and each schedule's runs, one per period.",
  },
  {
    name: 'Bills',
    description:
      'The pushed-bill inbox: bills billers sent you, claiming unmatched bills of your accounts, and paying a bill once.',
  },
  {
    name: 'Internal',
    description:
      "Billers' systems, with the internal key, at the root (no /api/v1): pushing batches of bills and resolving a bill's identifiers to a verified customer.",
  },
  { name: 'Notifications', description: 'In-app notifications and the preferences per category and channel.' },
  {
    name: 'Disputes',
    description:
      'Disputes about a payment: raise one with a reason, follow its timeline and SLA deadline, comment, withdraw while it is open; support staff assign, resolve (a refund) or reject.',
  },
  {
    name: 'Households',
    description:
      'Households that share bills: members by phone with roles OWNER, ADMIN, MEMBER and VIEWER, and the bills and saved accounts members share with them.',
  },
  {
    name: 'Agent',
    description:
      'Agents taking cash for bills: the float and the day in figures, assisted payments paid from the float (idempotent by `Idempotency-Key`), and their transactions.',
  },
  {
    name: 'Admin: catalogue',
    description: 'Admins manage billers, biller categories and payment rails; every write is audited.',
  },
  {
    name: 'Admin: posting attempts',
    description: "Admins follow the cycles that post payments to billers and retry a payment's failed latest cycle.",
  },
  {
    name: 'Admin: disputes',
    description: 'Support staff and admins work the dispute queue: filters by status, assignee, reason and SLA breach.',
  },
  {
    name: 'Admin: users',
    description:
      'Admins find users, change their role and deactivate accounts (every session ends at once); every write is audited.',
  },
  {
    name: 'Admin: agents',
    description: "Admins top up an agent's float; every top-up is a journal entry and audited.",
  },
  {
    name: 'Admin: operations',
    description:
      'Admins inspect and requeue outbox events, check that the ledger balances, and read the dashboard metrics and the registration funnel.',
  },
  {
    name: 'Admin: reconciliation',
    description:
      "Admins reconcile a window's payments against posting attempts, ledger entries, rail captures and billers' records, and export the breaks as CSV.",
  },
  {
    name: 'Compliance',
    description:
      'Compliance reviewers and admins work the AML queue: flags raised by the rules screening every payment, oldest first, and the review that clears, escalates or reports a transaction (a HIGH flag holds the payment until then).',
  },
  {
    name: 'Admin: merchants',
    description:
      'Admins review merchant applications: the list by KYB status, and the KYB decision that approves, asks for more, suspends or rejects.',
  },
  {
    name: 'Merchant onboarding',
    description:
      'A business applies to take payments and follows its KYB review with the onboarding token it was given (query `token`, no bearer).',
  },
  {
    name: 'Merchant identity',
    description:
      "The merchant dashboard's people: login, token refresh with rotation, logout, invitation acceptance, who am I, memberships and switching between merchants.",
  },
  {
    name: 'Merchant team',
    description:
      "The OWNER and ADMINs manage the merchant's people: members and their roles, the ownership transfer, removal, and e-mail invitations (7 days, resendable, revocable).",
  },
  {
    name: 'Merchant API keys',
    description:
      "The OWNER and DEVELOPERs issue and revoke the merchant's API keys: `sk_test_` for the sandbox at any time, `sk_live_` once the merchant is APPROVED. The secret is shown once; lists show its prefix and last four.",
  },
  {
    name: 'Merchant origins',
    description:
      'The OWNER and DEVELOPERs register the web origins the merchant sends customers from and prove control of each with a DNS TXT record or an HTTPS file; `http://localhost` origins are for test mode and verified at once.',
  },
  {
    name: 'Merchant webhooks',
    description:
      "The OWNER and DEVELOPERs register HTTPS endpoints, one mode each, that hear about the merchant's events: signed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the `standardwebhooks` or `svix` libraries), retried with backoff for about three days (live) or an hour (test), with every attempt recorded.",
  },
  {
    name: 'Merchant checkout',
    description:
      "The merchant API for the merchant's server, with its API key only: checkout sessions a customer pays on a hosted page (`OPEN -> COMPLETE | EXPIRED`, opened under an Idempotency-Key) and payment links. A test key sees only test objects, a live key only live ones.",
  },
  {
    name: 'Merchant refunds',
    description:
      "The merchant API for the merchant's server, with its API key only: full or partial refunds of SUCCEEDED checkout payments (under an Idempotency-Key, never more than the payment together), spent from the merchant's balance, `PENDING` until the rail returns the money (`SUCCEEDED`, event `payment.refunded`) or refuses it for good (`FAILED`, the balance given back). A test key sees only test payments and refunds, a live key only live ones.",
  },
  {
    name: 'Merchant ledger',
    description:
      "The merchant API for the merchant's server, with its API key only: the merchant's pending, available and reserve balances in the double-entry ledger, per currency and in the key's mode, with the next payout's estimate.",
  },
  {
    name: 'Merchant payments',
    description:
      "The merchant API for the merchant's server, with its API key only: the key mode's checkout payments, newest first by cursor, filtered by window, status, rail, amount and reference or payer e-mail, and the same as a CSV file (a window of at most 366 days).",
  },
  {
    name: 'Merchant health',
    description:
      "The merchant API for the merchant's server, with its API key only: what stands between the merchant and taking and receiving money (KYB, settlement account, API error rate, webhook delivery, velocity headroom, refund and dispute rates, verified origins), each check OK, WARN or FAIL, in the key's mode.",
  },
  {
    name: 'Merchant statements',
    description:
      "The merchant API for the merchant's server, with its API key only: monthly statements read from the ledger (opening balance, each movement, closing balance), made on the 1st for the month before, each as a PDF and a CSV, in the key's mode.",
  },
  {
    name: 'Merchant analytics',
    description:
      "The merchant API for the merchant's server, with its API key only: the key mode's figures over a UTC range (overview with the period before, time series, rail mix, the payment links' funnel, top customers) read from hourly rollups, and the payout schedule.",
  },
  {
    name: 'Developer sandbox',
    description:
      'Test-mode checkout sessions for developers, with a sandbox key (`sk_test_...`) as `Authorization: Bearer` or `X-Service-Developer-Key`, before or after KYB approval; `endpoint` is where the customer returns (localhost allowed). Never live money, settlement or payouts.',
  },
  {
    name: 'Merchant events',
    description:
      "The merchant's live events for its server, with its API key only: a server-sent event stream of the key mode's events (the types webhooks carry), resumed after `Last-Event-ID` within 72 hours, at most 5 streams per key.",
  },
  {
    name: 'Merchant audit log',
    description:
      "The merchant's own audit log for its owners and admins: logins, team and key changes, KYB decisions, pricing and settlement changes, each with actor, target and details.",
  },
  {
    name: 'Merchant risk',
    description:
      "The merchant's own risk, for every person of the team and the API key: the tier, velocity caps and rolling reserve; the headroom left under each cap over its trailing window; and daily payment figures. A key reads its own mode, a person live.",
  },
  { name: 'Operations', description: 'Liveness and readiness probes and the Prometheus metrics scrape.' },
  {
    name: 'Development',
    description: 'Development helpers, served only when enabled and never in production (the dev mailbox).',
  },
];
