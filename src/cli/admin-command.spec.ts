import { AdminUsageError, parseAdminCommand } from './admin-command';

describe('parseAdminCommand', () => {
  it('reads create and promote, normalising the phone number and the role', () => {
    expect(parseAdminCommand(['create', '--phone', '+234 800 000 0009', '--pin', '246810'])).toEqual({
      name: 'create',
      phone: '+2348000000009',
      pin: '246810',
    });
    expect(parseAdminCommand(['create', '--phone', '+2348000000009'])).toEqual({
      name: 'create',
      phone: '+2348000000009',
      pin: undefined,
    });
    expect(parseAdminCommand(['promote', '--phone', '+2348031234567', '--role', 'compliance'])).toEqual({
      name: 'promote',
      phone: '+2348031234567',
      role: 'COMPLIANCE',
    });
  });

  it('reads analytics-rebuild, for one merchant or all', () => {
    expect(parseAdminCommand(['analytics-rebuild'])).toEqual({ name: 'analytics-rebuild', merchantId: null });
    expect(parseAdminCommand(['analytics-rebuild', '--merchant', '0193F5C2-8A10-7B3C-8D4E-1F2A3B4C5D6E'])).toEqual({
      name: 'analytics-rebuild',
      merchantId: '0193f5c2-8a10-7b3c-8d4e-1f2a3b4c5d6e',
    });
  });

  it.each([
    [[]],
    [['analytics-rebuild', '--merchant', 'shop']],
    [['analytics-rebuild', '--phone', '+2348031234567']],
    [['delete', '--phone', '+2348031234567']],
    [['create', '--phone', '08031234567']],
    [['create', '--phone', '+2348031234567', '--pin', '12345']],
    [['create', '--phone', '+2348031234567', '--role', 'ADMIN']],
    [['promote', '--phone', '+2348031234567', '--role', 'ROOT']],
    [['promote', '--phone', '+2348031234567', '--role']],
  ])('refuses %j', (argv) => {
    expect(() => parseAdminCommand(argv)).toThrow(AdminUsageError);
  });
});
