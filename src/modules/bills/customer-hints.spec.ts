import { agreeingHints, givenHints, nameTokensOf, normalizeNationalId } from './customer-hints';

const customer = { phone: '+2348031234567', name: 'Adébáyọ̀ Chinedu Okafor', nationalId: '12345678901' };

describe('customer hints', () => {
  it('folds names by accents, case, punctuation, spacing and word order', () => {
    expect(nameTokensOf('  OKAFOR,  chinedu   Adebayo ')).toEqual(nameTokensOf(customer.name));
    expect(nameTokensOf('Okafor Chinedu')).not.toEqual(nameTokensOf(customer.name));
  });

  it('normalises national ids and phones before comparing', () => {
    expect(normalizeNationalId(' 123-456 78901 ')).toBe('12345678901');
    expect(agreeingHints(givenHints({ phone: '+234 803 123 4567', nationalId: '123 456 789 01' }), customer)).toBe(2);
  });

  it('counts every agreeing hint and ignores blank ones', () => {
    expect(agreeingHints(givenHints({}), customer)).toBe(0);
    expect(agreeingHints(givenHints({ phone: ' ', name: 'okafor adebayo chinedu' }), customer)).toBe(1);
    expect(
      agreeingHints(
        givenHints({ phone: '+2348031234567', name: 'Chinedu Adebayo Okafor', nationalId: '12345678901' }),
        customer,
      ),
    ).toBe(3);
  });

  it('answers null as soon as any given hint disagrees, an unparseable phone included', () => {
    expect(agreeingHints(givenHints({ phone: '+2348031234567', name: 'Someone Else' }), customer)).toBeNull();
    expect(agreeingHints(givenHints({ phone: '08031234567', name: customer.name }), customer)).toBeNull();
    expect(agreeingHints(givenHints({ nationalId: '1' }), { ...customer, nationalId: null })).toBeNull();
  });
});
