/**
 * The merchant API keys context's public surface: what other contexts and the applications may
 * import. Everything else in this folder is internal (the lint rule in eslint.config.mjs enforces it).
 */
export { MerchantApiKeysModule } from './merchant-api-keys.module';
export { MerchantApiKeysHttpModule } from './merchant-api-keys-http.module';
export { MERCHANT_API_KEY_ENTITIES } from './merchant-api-key.entity';
export { MerchantApiKeyUsage } from './merchant-api-key-usage';
export { MERCHANT_API_KEY_ERROR_CODES, MerchantApiKeyError } from './merchant-api-keys.errors';
