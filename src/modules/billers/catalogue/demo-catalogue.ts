import type { AmountRule } from './biller.entity';

/**
 * The demo catalogue the seed loads: Nigerian billers across eight categories, amounts in
 * kobo (NGN minor unit). Every biller posts its payments to the biller simulator; those that
 * validate directly also check account references with it.
 */
export interface DemoCategory {
  slug: string;
  name: string;
  icon: string;
  sortOrder: number;
}

export interface DemoRail {
  code: string;
  name: string;
  feeFlat: number;
  feePercentBps: number;
  minAmount: number;
  maxAmount: number;
}

/** What billers of one kind share: the account reference, amounts and rails. */
interface BillerProfile {
  accountReferenceLabel: string;
  accountReferencePattern: string;
  amountRule: AmountRule;
  minAmount: number;
  maxAmount: number;
  feeFlat: number;
  feePercentBps: number;
  acceptedRails: string[];
  validatesDirectly: boolean;
}

export interface DemoBiller extends BillerProfile {
  slug: string;
  name: string;
  aliases: string[];
  categorySlug: string;
  /** Successful payments seeded over the last 30 days, so `sort=popular` has an order to show. */
  monthlyPayments: number;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { slug: 'electricity', name: 'Electricity', icon: 'bolt', sortOrder: 10 },
  { slug: 'mobile-airtime', name: 'Mobile airtime and data', icon: 'smartphone', sortOrder: 20 },
  { slug: 'tv', name: 'Cable TV', icon: 'tv', sortOrder: 30 },
  { slug: 'internet', name: 'Internet', icon: 'wifi', sortOrder: 40 },
  { slug: 'water', name: 'Water', icon: 'water-drop', sortOrder: 50 },
  { slug: 'education', name: 'Education', icon: 'school', sortOrder: 60 },
  { slug: 'insurance', name: 'Insurance', icon: 'shield', sortOrder: 70 },
  { slug: 'government', name: 'Government and taxes', icon: 'account-balance', sortOrder: 80 },
];

export const DEMO_RAILS: DemoRail[] = [
  {
    code: 'CARD',
    name: 'Debit or credit card',
    feeFlat: 0,
    feePercentBps: 150,
    minAmount: 100,
    maxAmount: 1_000_000_000,
  },
  {
    code: 'BANK_TRANSFER',
    name: 'Bank transfer',
    feeFlat: 5_000,
    feePercentBps: 0,
    minAmount: 100,
    maxAmount: 10_000_000_000,
  },
  { code: 'MOBILE_MONEY', name: 'Mobile money', feeFlat: 0, feePercentBps: 100, minAmount: 100, maxAmount: 50_000_000 },
  { code: 'WALLET', name: 'Wallet balance', feeFlat: 0, feePercentBps: 0, minAmount: 100, maxAmount: 500_000_000 },
];

const ALL_RAILS = ['CARD', 'BANK_TRANSFER', 'MOBILE_MONEY', 'WALLET'];
const CARD_AND_TRANSFER = ['CARD', 'BANK_TRANSFER'];

const PREPAID_METER: BillerProfile = {
  accountReferenceLabel: 'Meter number',
  accountReferencePattern: '\\d{11}',
  amountRule: 'ANY',
  minAmount: 100_000,
  maxAmount: 50_000_000,
  feeFlat: 10_000,
  feePercentBps: 0,
  acceptedRails: ALL_RAILS,
  validatesDirectly: true,
};

const PHONE_TOP_UP: BillerProfile = {
  accountReferenceLabel: 'Phone number',
  accountReferencePattern: '0[789][01]\\d{8}',
  amountRule: 'ANY',
  minAmount: 5_000,
  maxAmount: 5_000_000,
  feeFlat: 0,
  feePercentBps: 0,
  acceptedRails: ALL_RAILS,
  validatesDirectly: false,
};

const SMARTCARD: BillerProfile = {
  accountReferenceLabel: 'Smartcard number',
  accountReferencePattern: '\\d{10,11}',
  amountRule: 'EXACT',
  minAmount: 100_000,
  maxAmount: 10_000_000,
  feeFlat: 5_000,
  feePercentBps: 0,
  acceptedRails: ALL_RAILS,
  validatesDirectly: true,
};

const INTERNET_ACCOUNT: BillerProfile = {
  accountReferenceLabel: 'Customer ID',
  accountReferencePattern: '\\d{8,10}',
  amountRule: 'ANY',
  minAmount: 100_000,
  maxAmount: 20_000_000,
  feeFlat: 5_000,
  feePercentBps: 0,
  acceptedRails: ALL_RAILS,
  validatesDirectly: true,
};

const WATER_ACCOUNT: BillerProfile = {
  accountReferenceLabel: 'Account number',
  accountReferencePattern: '\\d{10}',
  amountRule: 'AT_MOST',
  minAmount: 50_000,
  maxAmount: 20_000_000,
  feeFlat: 5_000,
  feePercentBps: 0,
  acceptedRails: CARD_AND_TRANSFER,
  validatesDirectly: true,
};

const SCHOOL_FEES: BillerProfile = {
  accountReferenceLabel: 'Registration number',
  accountReferencePattern: '\\d{10}',
  amountRule: 'EXACT',
  minAmount: 100_000,
  maxAmount: 200_000_000,
  feeFlat: 10_000,
  feePercentBps: 0,
  acceptedRails: CARD_AND_TRANSFER,
  validatesDirectly: true,
};

const INSURANCE_POLICY: BillerProfile = {
  accountReferenceLabel: 'Policy number',
  accountReferencePattern: '[A-Z]{2,4}\\d{6,10}',
  amountRule: 'AT_LEAST',
  minAmount: 500_000,
  maxAmount: 500_000_000,
  feeFlat: 0,
  feePercentBps: 50,
  acceptedRails: CARD_AND_TRANSFER,
  validatesDirectly: true,
};

const TAX_ASSESSMENT: BillerProfile = {
  accountReferenceLabel: 'Payer ID',
  accountReferencePattern: '\\d{10,12}',
  amountRule: 'EXACT',
  minAmount: 100_000,
  maxAmount: 5_000_000_000,
  feeFlat: 0,
  feePercentBps: 0,
  acceptedRails: CARD_AND_TRANSFER,
  validatesDirectly: true,
};

function billers(
  categorySlug: string,
  profile: BillerProfile,
  entries: [string, string, string[], number][],
): DemoBiller[] {
  return entries.map(([slug, name, aliases, monthlyPayments]) => ({
    ...profile,
    slug,
    name,
    aliases,
    categorySlug,
    monthlyPayments,
  }));
}

export const DEMO_BILLERS: DemoBiller[] = [
  ...billers('electricity', PREPAID_METER, [
    [
      'ikeja-electric',
      'Ikeja Electric',
      ['IKEDC', 'IE', 'Ikeja Electricity Distribution Company', 'electricity'],
      9_400,
    ],
    ['eko-electricity', 'Eko Electricity Distribution Company', ['EKEDC', 'Eko Disco', 'electricity'], 8_100],
    ['abuja-electricity', 'Abuja Electricity Distribution Company', ['AEDC', 'Abuja Disco', 'electricity'], 6_900],
    ['ibadan-electricity', 'Ibadan Electricity Distribution Company', ['IBEDC', 'Ibadan Disco', 'electricity'], 5_200],
    ['enugu-electricity', 'Enugu Electricity Distribution Company', ['EEDC', 'Enugu Disco', 'electricity'], 3_800],
    ['port-harcourt-electricity', 'Port Harcourt Electricity Distribution', ['PHED', 'PH Disco', 'electricity'], 3_300],
    ['kano-electricity', 'Kano Electricity Distribution Company', ['KEDCO', 'Kano Disco', 'electricity'], 2_700],
    ['benin-electricity', 'Benin Electricity Distribution Company', ['BEDC', 'Benin Disco', 'electricity'], 2_500],
    ['jos-electricity', 'Jos Electricity Distribution', ['JED', 'Jos Disco', 'electricity'], 1_600],
    ['kaduna-electric', 'Kaduna Electric', ['KAEDCO', 'Kaduna Electricity Distribution Company', 'electricity'], 1_400],
    ['yola-electricity', 'Yola Electricity Distribution Company', ['YEDC', 'Yola Disco', 'electricity'], 700],
  ]),
  ...billers('mobile-airtime', PHONE_TOP_UP, [
    ['mtn-airtime', 'MTN Airtime and Data', ['MTN Nigeria', 'MTN VTU', 'recharge'], 15_200],
    ['airtel-airtime', 'Airtel Airtime and Data', ['Airtel Nigeria', 'recharge'], 11_800],
    ['glo-airtime', 'Glo Airtime and Data', ['Globacom', 'Glo Mobile', 'recharge'], 7_300],
    ['9mobile-airtime', '9mobile Airtime and Data', ['9mobile', 'Etisalat', 'recharge'], 2_100],
  ]),
  ...billers('tv', SMARTCARD, [
    ['dstv', 'DStv', ['MultiChoice', 'DStv subscription', 'cable TV'], 10_500],
    ['gotv', 'GOtv', ['GOtv Max', 'GOtv subscription', 'cable TV'], 8_700],
    ['startimes', 'StarTimes', ['StarTimes Nigeria', 'Star Times', 'cable TV'], 4_100],
    ['showmax', 'Showmax', ['Showmax Nigeria', 'streaming'], 1_900],
    ['tstv', 'TStv', ['TSTV Africa', 'cable TV'], 300],
  ]),
  ...billers('internet', INTERNET_ACCOUNT, [
    ['spectranet', 'Spectranet', ['Spectranet 4G LTE', 'broadband'], 3_900],
    ['smile', 'Smile Communications', ['Smile 4G', 'Smile Nigeria', 'broadband'], 2_800],
    ['ipnx', 'ipNX', ['ipNX Nigeria', 'fibre', 'broadband'], 1_200],
    ['tizeti', 'Tizeti', ['Wifi.com.ng', 'broadband'], 900],
    ['swift-networks', 'Swift Networks', ['Swift 4G', 'broadband'], 600],
    ['fiberone', 'FiberOne Broadband', ['FiberOne', 'fibre'], 400],
  ]),
  ...billers('water', WATER_ACCOUNT, [
    ['lagos-water', 'Lagos Water Corporation', ['LWC', 'Lagos water bill'], 1_700],
    ['fct-water', 'FCT Water Board', ['Abuja water', 'FCTWB'], 1_100],
    ['ogun-water', 'Ogun State Water Corporation', ['OGSWC', 'Ogun water'], 500],
    ['kaduna-water', 'Kaduna State Water Corporation', ['KADSWAC', 'Kaduna water'], 350],
    ['rivers-water', 'Rivers State Water Board', ['Port Harcourt water', 'RSWB'], 250],
  ]),
  ...billers('education', SCHOOL_FEES, [
    ['waec', 'WAEC Result Checker', ['West African Examinations Council', 'WAEC PIN'], 4_600],
    ['jamb', 'JAMB UTME Registration', ['Joint Admissions and Matriculation Board', 'UTME', 'JAMB ePIN'], 4_200],
    ['neco', 'NECO Result Checker', ['National Examinations Council', 'NECO token'], 1_300],
    ['unilag-fees', 'University of Lagos School Fees', ['UNILAG', 'school fees'], 800],
    ['lasu-fees', 'Lagos State University School Fees', ['LASU', 'school fees'], 650],
  ]),
  ...billers('insurance', INSURANCE_POLICY, [
    ['axa-mansard', 'AXA Mansard Insurance', ['AXA', 'Mansard', 'insurance premium'], 900],
    ['leadway-assurance', 'Leadway Assurance', ['Leadway', 'insurance premium'], 750],
    ['aiico-insurance', 'AIICO Insurance', ['AIICO', 'insurance premium'], 600],
    ['custodian-insurance', 'Custodian Investment Insurance', ['Custodian', 'insurance premium'], 300],
    ['nem-insurance', 'NEM Insurance', ['NEM', 'insurance premium'], 200],
  ]),
  ...billers('government', TAX_ASSESSMENT, [
    ['lirs', 'Lagos State Internal Revenue Service', ['LIRS', 'Lagos tax', 'personal income tax'], 1_500],
    ['firs', 'Federal Inland Revenue Service', ['FIRS', 'company income tax', 'VAT'], 1_000],
    ['lagos-land-use-charge', 'Lagos Land Use Charge', ['LUC', 'land use charge', 'property tax'], 700],
    ['frsc-licence', 'FRSC Driver’s Licence Renewal', ['FRSC', 'Federal Road Safety Corps', 'drivers licence'], 550],
    ['immigration-passport', 'Nigeria Immigration Service Passport Fees', ['NIS', 'passport', 'e-passport'], 450],
  ]),
];
