import { lintProbes } from '../support/lint-probe';

const PROBES = {
  platformImportsContext: {
    directory: 'src/platform/http',
    source: `import { PaymentCore } from '../../modules/payments';\nexport const x = PaymentCore;\n`,
  },
  contextReachesIn: {
    directory: 'src/modules/notifications/dto',
    source: [
      "import { Payment } from '../../payments/payment.entity';",
      "import type { BillerEndpoint } from '../../billers/connector/biller-connector';",
      "export { PaymentRepository } from '../../payments/payment.repository';",
      'export const x = Payment;',
      'export type Y = BillerEndpoint;',
      '',
    ].join('\n'),
  },
  contextImportsIndex: {
    directory: 'src/modules/notifications',
    source:
      "import { PAYMENT_EVENTS } from '../payments';\nimport { NOTIFICATIONS_QUEUE } from './notifications.events';\nexport const x = [PAYMENT_EVENTS, NOTIFICATIONS_QUEUE];\n",
  },
  composition: {
    directory: 'src',
    source:
      "import { PAYMENT_ENTITIES } from './modules/payments/payments.entities';\nexport const x = PAYMENT_ENTITIES;\n",
  },
};

/**
 * The house rule of `npm test`'s lint (eslint/context-boundaries.mjs): platform/ imports no
 * context, and a context imports another only through its index.ts. The tree itself passes it
 * (the lint step fails otherwise); here, the rule is shown to catch each kind of breach.
 */
describe('context boundaries lint rule', () => {
  let reported: Record<keyof typeof PROBES, string[]>;

  // One ESLint process builds the project's TypeScript program, which takes a while.
  beforeAll(async () => {
    reported = await lintProbes(PROBES);
  }, 300_000);

  it('refuses platform code that imports a context', () => {
    expect(reported.platformImportsContext).toEqual(['house/context-boundaries']);
  });

  it("refuses a context that reaches into another context's internal files", () => {
    expect(reported.contextReachesIn).toEqual([
      'house/context-boundaries',
      'house/context-boundaries',
      'house/context-boundaries',
    ]);
  });

  it("allows a context's own files, another context's index, and the applications' composition", () => {
    expect(reported.contextImportsIndex).toEqual([]);
    expect(reported.composition).toEqual([]);
  });
});
