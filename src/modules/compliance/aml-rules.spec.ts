import { AmlThresholds, evaluateAmlRules, ScreeningFacts, structuringBand } from './aml-rules';

const thresholds: AmlThresholds = {
  currency: 'NGN',
  singleAmount: 300_000n,
  windowMinutes: 60,
  velocityMaxCount: 4,
  velocityMaxAmount: 600_000n,
  structuringMinCount: 3,
  structuringPercent: 90,
  newAccountDays: 30,
  newAccountAmount: 200_000n,
  distinctPayersMax: 3,
};
const quiet: ScreeningFacts = { count: 1, sum: 1_000n, nearThreshold: 0, newAccount: false, distinctPayers: 1 };
const rules = (amount: number, facts: Partial<ScreeningFacts> = {}, currency = 'NGN') =>
  evaluateAmlRules({ amount, currency }, { ...quiet, ...facts }, thresholds).map((hit) => hit.rule);

describe('AML rules', () => {
  it('fire above their thresholds and not at them', () => {
    expect(rules(300_000)).toEqual([]);
    expect(rules(300_001)).toEqual(['SINGLE_AMOUNT']);
    expect(rules(1_000, { count: 4 })).toEqual([]);
    expect(rules(1_000, { count: 5 })).toEqual(['VELOCITY']);
    expect(rules(1_000, { sum: 600_000n })).toEqual([]);
    expect(rules(1_000, { sum: 600_001n })).toEqual(['VELOCITY']);
    expect(rules(280_000, { nearThreshold: 2 })).toEqual([]);
    expect(rules(280_000, { nearThreshold: 3 })).toEqual(['STRUCTURING']);
    expect(rules(200_000, { newAccount: true })).toEqual([]);
    expect(rules(200_001, { newAccount: true })).toEqual(['NEW_ACCOUNT']);
    expect(rules(200_001, { newAccount: false })).toEqual([]);
    expect(rules(1_000, { distinctPayers: 2 })).toEqual([]);
    expect(rules(1_000, { distinctPayers: 3 })).toEqual(['DISTINCT_PAYERS']);
  });

  it('counts structuring only for a payment inside the band', () => {
    expect(structuringBand(thresholds)).toEqual({ from: 270_000n, to: 300_000n });
    expect(rules(269_999, { nearThreshold: 5 })).toEqual([]);
    expect(rules(270_000, { nearThreshold: 3 })).toEqual(['STRUCTURING']);
  });

  it('gives HIGH to the rules that hold a payment, one velocity hit at most', () => {
    const hits = evaluateAmlRules(
      { amount: 300_001, currency: 'NGN' },
      { count: 9, sum: 900_000n, nearThreshold: 0, newAccount: true, distinctPayers: 1 },
      thresholds,
    );
    expect(hits.map(({ rule, severity }) => [rule, severity])).toEqual([
      ['SINGLE_AMOUNT', 'HIGH'],
      ['VELOCITY', 'MEDIUM'],
      ['NEW_ACCOUNT', 'MEDIUM'],
    ]);
  });

  it('says the distinct payers reached the threshold, as their count stops there', () => {
    const [hit] = evaluateAmlRules({ amount: 1_000, currency: 'NGN' }, { ...quiet, distinctPayers: 3 }, thresholds);
    expect(hit).toEqual({
      rule: 'DISTINCT_PAYERS',
      severity: 'LOW',
      reason: 'At least 3 different customers paid this biller account in 60 minutes',
    });
  });

  it('applies amount rules only in the thresholds currency', () => {
    expect(rules(900_000, { sum: 900_000n, newAccount: true }, 'GHS')).toEqual([]);
    expect(rules(1_000, { count: 5, distinctPayers: 3 }, 'GHS')).toEqual(['VELOCITY', 'DISTINCT_PAYERS']);
  });
});
