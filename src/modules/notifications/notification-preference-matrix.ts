export const NOTIFICATION_CATEGORIES = ['PAYMENTS', 'BILLS', 'SCHEDULES', 'SECURITY', 'MARKETING'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['IN_APP', 'SMS', 'EMAIL', 'PUSH'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface NotificationPreference {
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
}

/** What a customer gets before choosing: everything except marketing, which needs an opt-in. */
export function defaultEnabled(category: NotificationCategory): boolean {
  return category !== 'MARKETING';
}

/** Whether `category` reaches the customer on `channel`, given their choices. */
export function isEnabled(
  choices: readonly NotificationPreference[],
  category: NotificationCategory,
  channel: NotificationChannel,
): boolean {
  const choice = choices.find((candidate) => candidate.category === category && candidate.channel === channel);
  return choice ? choice.enabled : defaultEnabled(category);
}

/**
 * The full category x channel matrix, in declaration order: each cell is the customer's own
 * choice when they made one, else the default. Only choices are stored.
 */
export function effectivePreferences(choices: readonly NotificationPreference[]): NotificationPreference[] {
  const chosen = new Map(choices.map((choice) => [`${choice.category}:${choice.channel}`, choice.enabled]));
  return NOTIFICATION_CATEGORIES.flatMap((category) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      category,
      channel,
      enabled: chosen.get(`${category}:${channel}`) ?? defaultEnabled(category),
    })),
  );
}
