import { prepareSpecEnvironment } from './spec-environment';

// The pgbouncer project's setup file: each spec file's apps reach PostgreSQL through the run's
// PgBouncer (pgbouncer-global-setup.ts).
prepareSpecEnvironment({ viaPgBouncer: true });
