import { SwaggerModule } from '@nestjs/swagger';
import { join } from 'node:path';

/**
 * What the Swagger CLI plugin reads from the DTOs and controllers (property types, optionality,
 * enums, class-validator constraints, comments, response types), written by
 * scripts/swagger-plugin-metadata.js into src/generated/ before SWC compiles src/ (`npm run build`;
 * the e2e global setup for the tests). SWC runs no TypeScript plugin, so the app loads it here
 * before it builds the OpenAPI document; the tests load the same file, so the document they check
 * is the one the service serves.
 */
const METADATA_MODULE = join(__dirname, '..', '..', 'generated', 'swagger-plugin-metadata');

type PluginMetadata = { default: () => Promise<Record<string, unknown>> };

let loaded: Promise<void> | undefined;
let applied = false;

/** Gives the DTOs and controllers the plugin's metadata, once per process; fails when it was never generated. */
export function loadSwaggerPluginMetadata(): Promise<void> {
  loaded ??= (async () => {
    let metadata: PluginMetadata;
    try {
      // A path in a variable: the file exists only once generated, so the type check must not follow it.
      metadata = (await import(METADATA_MODULE)) as PluginMetadata;
    } catch (error) {
      loaded = undefined;
      throw new Error(
        `the Swagger plugin metadata (${METADATA_MODULE}) did not load: npm run build writes it ` +
          `(node scripts/swagger-plugin-metadata.js): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await SwaggerModule.loadPluginMetadata(metadata.default);
    applied = true;
  })();
  return loaded;
}

/**
 * Throws unless `loadSwaggerPluginMetadata` has finished in this process: without the metadata,
 * Swagger would still build a document, only with empty schemas, so `buildOpenApiDocument` refuses.
 */
export function assertSwaggerPluginMetadataLoaded(): void {
  if (!applied) {
    throw new Error('the OpenAPI document needs the Swagger plugin metadata: await loadSwaggerPluginMetadata() first');
  }
}
