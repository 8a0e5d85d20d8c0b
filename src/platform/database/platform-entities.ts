import { AdminAuditEntry } from '../audit/admin-audit-entry.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';

/** The platform's own tables; each context lists its own in `<context>.entities.ts`. */
export const PLATFORM_ENTITIES = [OutboxEvent, AdminAuditEntry];
