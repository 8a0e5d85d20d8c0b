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

  it.each([
    [[]],
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
