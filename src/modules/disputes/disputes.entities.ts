import { Dispute, DisputeTimelineEntry } from './dispute.entity';

/** The disputes context's tables, registered by DisputesModule (TypeOrmModule.forFeature). */
export const DISPUTE_ENTITIES = [Dispute, DisputeTimelineEntry];
