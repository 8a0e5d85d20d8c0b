import { AgentsConfig } from './modules/agents/agents.config';
import { BillersConfig } from './modules/billers/billers.config';
import { ComplianceConfig } from './modules/compliance/compliance.config';
import { DisputesConfig } from './modules/disputes/disputes.config';
import { HouseholdsConfig } from './modules/households/households.config';
import { IdentityConfig } from './modules/identity/identity.config';
import { MerchantsConfig } from './modules/merchants/merchants.config';
import { PaymentsConfig } from './modules/payments/payments.config';
import { ReconciliationConfig } from './modules/reconciliation/reconciliation.config';
import { SchedulesConfig } from './modules/schedules/schedules.config';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { Configuration, Environment, loadConfiguration } from './platform/config/configuration';
import { readEnvironment } from './platform/config/environment';

/**
 * Every slice of the configuration, in the order of the README's tables: the platform's, then
 * each context's `<context>.config.ts`. Every process (the API, the worker, the commands)
 * validates them all at boot, so a bad variable stops any of them with the same message. A new
 * context adds its slice here.
 */
export const CONFIG_SLICES = [
  AppConfig,
  IdentityConfig,
  BillersConfig,
  PaymentsConfig,
  SchedulesConfig,
  DisputesConfig,
  HouseholdsConfig,
  AgentsConfig,
  ComplianceConfig,
  ReconciliationConfig,
  MerchantsConfig,
] as const;

/** Every slice, built from `env` and validated together; throws `ConfigValidationError` naming every bad variable. */
export function loadAllConfiguration(env: Environment): Configuration {
  return loadConfiguration(env, CONFIG_SLICES);
}

/** Every slice, from the process environment (and a `.env` file), for the commands outside Nest. */
export function configurationFromEnvironment(): Configuration {
  return loadAllConfiguration(readEnvironment());
}

/** The configuration module of an application: every slice, loaded once at boot. */
export const AppConfigModule = ConfigModule.forRoot(CONFIG_SLICES);
