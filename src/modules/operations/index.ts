/**
 * The operations context's public surface: what the applications may import. Everything else
 * in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { OperationsModule } from './operations.module';
export { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module';
