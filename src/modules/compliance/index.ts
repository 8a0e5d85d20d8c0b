/**
 * The compliance context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { ComplianceModule } from './compliance.module';
export { ComplianceService } from './compliance.service';
export { COMPLIANCE_ERROR_CODES, ComplianceError } from './compliance.errors';
