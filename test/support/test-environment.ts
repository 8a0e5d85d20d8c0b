import { prepareSpecEnvironment } from './spec-environment';
import { DATABASE_VIA_PGBOUNCER } from './test-settings';

// The e2e and processes projects' setup file: each spec file's apps reach PostgreSQL directly,
// or through the run's PgBouncer with DATABASE_VIA_PGBOUNCER=1.
prepareSpecEnvironment({ viaPgBouncer: DATABASE_VIA_PGBOUNCER });
