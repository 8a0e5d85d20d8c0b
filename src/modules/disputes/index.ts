/**
 * The disputes context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { DisputesModule } from './disputes.module';
export { DisputesJobsModule } from './jobs/disputes-jobs.module';
export { DisputesService } from './disputes.service';
export { DISPUTE_EVENTS, DisputeEventPayload } from './disputes.events';
export { DISPUTE_ERROR_CODES, DisputeError } from './disputes.errors';
