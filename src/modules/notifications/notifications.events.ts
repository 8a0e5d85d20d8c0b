/** The queue on which the notifications context receives the events it turns into notices. */
export const NOTIFICATIONS_QUEUE = 'notifications';
