/**
 * The identity context's public surface: what other contexts and the applications may import.
 * Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { IdentityModule } from './identity.module';
export { CustomerLimitsModule } from './customer-limits.module';
export { CustomerLimitsService } from './customer-limits.service';
export { CustomerContactsModule } from './customer-contacts.module';
export { CustomerContactsService } from './customer-contacts.service';
export { CustomerDirectory, type VerifiedCustomer } from './customer-directory.service';
export { CustomerStanding, type CustomerStandingOf } from './customer-standing.service';
export { StaffDirectory, type StaffMember } from './staff-directory.service';
export { FunnelReadModel, type IdentityFunnel } from './funnel-read-model.service';
export { IsPhoneNumberE164, normalizePhoneNumber } from './phone-number';
export { StaffAccountService } from './staff-account.service';
export { IDENTITY_EVENT_TYPES, IdentityEvents, UserDeactivatedPayload } from './identity.events';
export { IDENTITY_ERROR_CODES, IdentityError } from './identity.errors';
export type { KycTier } from './user.entity';
export { SignInLimits } from './identity-rate-limits';
export { TokenResponseDto } from './dto/token-response.dto';
export { RefreshRequestDto } from './dto/refresh-request.dto';
export { agentIdByPhone } from './identity.seeder';
