import { merchantRegistration, registerMerchant } from '../factories/merchant.factory';
import { type Fixture, targetOf } from './fixture-kit';

/** The merchants operations' good inputs: a new application each, with its own registration number and e-mail. */
export const MERCHANT_FIXTURES: Record<string, Fixture> = {
  MerchantOnboarding_register: () => Promise.resolve({ body: merchantRegistration() }),
  MerchantOnboarding_status: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return { pathParams: { merchantId: merchant.id }, query: { token: onboardingToken } };
  },
  MerchantOnboarding_uploadDocument: async (context) => {
    const { merchant, onboardingToken } = await registerMerchant(targetOf(context));
    return {
      pathParams: { merchantId: merchant.id },
      query: { token: onboardingToken },
      body: { registrationNo: merchant.registrationNumber },
    };
  },
  AdminMerchants_setPricing: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
    // The example's date would fall in the past one day.
    // The examples show both anchors; a schedule takes the one its interval needs.
    body: {
      effectiveAt: new Date(Date.now() + 86_400_000).toISOString(),
      payoutSchedule: { interval: 'WEEKLY', delayDays: 1, weeklyAnchor: 'FRIDAY' },
    },
  }),
  AdminMerchants_setSettlementAccount: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchants_setRiskTier: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchants_setVelocityCaps: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
  }),
  AdminMerchants_changeKyb: async (context) => ({
    pathParams: { merchantId: (await registerMerchant(targetOf(context))).merchant.id },
    body: { status: 'APPROVED' },
  }),
};
