import { Transform } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { ConfigSlice, ConfigSliceChecks, Setting, toInt } from '../../platform/config/config-slice';
import { DEVELOPMENT_BILLER_SIMULATOR_SECRET, NamedSecret } from '../../platform/config/production-secrets';

/** The billers context's settings: the biller simulator, connector signing secrets, the validation cache and popularity refresh. */
@ConfigSlice('Billers', 'src/modules/billers/billers.config.ts')
export class BillersConfig implements ConfigSliceChecks {
  /** Port of the biller simulator (`node dist/src/simulators/main.js`, started by `npm run dev`). */
  @Setting('port of the biller simulator started by `npm run dev`')
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  SIMULATOR_PORT = 4010;

  /** Base URL of the biller simulator; the demo seed points every direct biller's connector at it. */
  @Setting("base URL of the biller simulator; the demo seed points every demo biller's connector at it")
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  BILLER_SIMULATOR_URL = 'http://127.0.0.1:4010';

  /**
   * Signing secret shared with the biller simulator; billers whose connector secret ref is
   * `simulator` are signed with it. The development default is refused in production.
   */
  @Setting(
    'signing secret shared with the biller simulator (connector secret ref `simulator`); the default is refused in production',
  )
  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  BILLER_SIMULATOR_SECRET = DEVELOPMENT_BILLER_SIMULATOR_SECRET;

  /**
   * Signing secrets of real direct billers, as comma-separated `ref=secret` pairs; a biller's
   * connector settings name its secret by `ref`, so no secret is ever stored in the database.
   */
  @Setting(
    "real direct billers' signing secrets as comma-separated `ref=secret` pairs (secrets 32+ chars); a biller names its secret by `ref`",
  )
  @Matches(/^$|^[a-z0-9_-]{1,40}=[^,\s]{32,}(,[a-z0-9_-]{1,40}=[^,\s]{32,})*$/, {
    message: 'must be comma-separated ref=secret pairs, each secret at least 32 characters',
  })
  BILLER_CONNECTOR_SECRETS = '';

  /** How long an account validation answer from a biller is reused for the same biller and reference. */
  @Setting(
    "how long a biller's account validation answer is reused for the same biller and reference; `0` turns it off",
  )
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3600)
  BILLER_VALIDATION_CACHE_TTL_SECONDS = 60;

  /** How often the worker recomputes billers' popularity (successful payments over 30 days). */
  @Setting("how often the worker recomputes billers' popularity (successful payments over 30 days)")
  @Transform(toInt)
  @IsInt()
  @Min(10)
  BILLER_POPULARITY_REFRESH_SECONDS = 300;

  private secrets: ReadonlyMap<string, string> = new Map();

  /** BILLER_CONNECTOR_SECRETS as a map from ref to secret, plus `simulator`; parsed once, when the configuration is loaded. */
  get billerConnectorSecrets(): ReadonlyMap<string, string> {
    return this.secrets;
  }

  check(): string[] {
    this.secrets = new Map([['simulator', this.BILLER_SIMULATOR_SECRET], ...this.connectorSecretPairs()]);
    return [];
  }

  namedSecrets(): NamedSecret[] {
    return [
      { name: 'BILLER_SIMULATOR_SECRET', value: this.BILLER_SIMULATOR_SECRET },
      ...this.connectorSecretPairs().map(([ref, value]) => ({ name: `BILLER_CONNECTOR_SECRETS (ref ${ref})`, value })),
    ];
  }

  private connectorSecretPairs(): [string, string][] {
    return this.BILLER_CONNECTOR_SECRETS.split(',')
      .filter((entry) => entry.length > 0)
      .map((pair) => {
        const separator = pair.indexOf('=');
        return [pair.slice(0, separator), pair.slice(separator + 1)];
      });
  }
}
