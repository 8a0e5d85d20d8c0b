import { AmlFlag, AmlReport } from './aml-flag.entity';

/** The compliance context's tables, registered by ComplianceModule (TypeOrmModule.forFeature). */
export const COMPLIANCE_ENTITIES = [AmlFlag, AmlReport];
