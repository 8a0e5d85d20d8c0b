/**
 * The merchant-identity context's public surface: what other contexts and the applications may
 * import. Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { MerchantIdentityModule } from './merchant-identity.module';
export { MerchantIdentityHttpModule } from './merchant-identity-http.module';
export { MERCHANT_IDENTITY_ENTITIES } from './merchant-identity.entities';
export { MERCHANT_IDENTITY_ERROR_CODES, MerchantIdentityError } from './merchant-identity.errors';
