import { maskCustomerName } from './customer-name-mask';

describe('maskCustomerName', () => {
  it('keeps the first letter of each word', () => {
    expect(maskCustomerName('John Doe')).toBe('J*** D**');
    expect(maskCustomerName('  Adaeze   Okonkwo-Bello ')).toBe('A***** O************');
    expect(maskCustomerName('A B')).toBe('A B');
    expect(maskCustomerName('Émile Zoë')).toBe('É**** Z**');
  });
});
