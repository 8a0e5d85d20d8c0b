/**
 * The notifications context's public surface: what other contexts and the applications may
 * import. Everything else in this folder is internal (the lint rule in eslint.config.mjs
 * enforces it).
 */
export { NotificationsModule } from './notifications.module';
export { NotificationsJobsModule } from './jobs/notifications-jobs.module';
export { NOTIFICATIONS_QUEUE } from './notifications.events';
