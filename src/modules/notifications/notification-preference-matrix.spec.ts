import {
  effectivePreferences,
  isEnabled,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
} from './notification-preference-matrix';

describe('effectivePreferences', () => {
  it('answers every category and channel, on by default except marketing', () => {
    const matrix = effectivePreferences([]);
    expect(matrix).toHaveLength(NOTIFICATION_CATEGORIES.length * NOTIFICATION_CHANNELS.length);
    for (const cell of matrix) expect(cell.enabled).toBe(cell.category !== 'MARKETING');
    expect(matrix[0]).toEqual({ category: 'PAYMENTS', channel: 'IN_APP', enabled: true });
  });

  it('lets the customer’s choices override the defaults, either way', () => {
    const matrix = effectivePreferences([
      { category: 'PAYMENTS', channel: 'SMS', enabled: false },
      { category: 'MARKETING', channel: 'EMAIL', enabled: true },
    ]);
    const cell = (category: string, channel: string) =>
      matrix.find((candidate) => candidate.category === category && candidate.channel === channel)?.enabled;
    expect(cell('PAYMENTS', 'SMS')).toBe(false);
    expect(cell('PAYMENTS', 'IN_APP')).toBe(true);
    expect(cell('MARKETING', 'EMAIL')).toBe(true);
    expect(cell('MARKETING', 'SMS')).toBe(false);
  });

  it('answers one cell: the choice for that category and channel, not another category’s', () => {
    const choices = [
      { category: 'MARKETING' as const, channel: 'SMS' as const, enabled: false },
      { category: 'PAYMENTS' as const, channel: 'PUSH' as const, enabled: false },
    ];
    expect(isEnabled(choices, 'PAYMENTS', 'SMS')).toBe(true);
    expect(isEnabled(choices, 'PAYMENTS', 'PUSH')).toBe(false);
    expect(isEnabled([], 'MARKETING', 'IN_APP')).toBe(false);
  });
});
