import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { ApiModule } from '../api.module';
import { applyGlobalPrefix } from '../platform/http/configure-http-app';
import { buildOpenApiDocument } from '../platform/openapi/openapi-document';
import { loadSwaggerPluginMetadata } from '../platform/openapi/swagger-plugin-metadata';

/**
 * `npm run openapi:write [file]`: writes the OpenAPI document (JSON, or YAML for a .yaml
 * file) without a database or Redis: the app is built in preview mode, which reads the
 * routes and schemas but instantiates no provider.
 */
async function main(): Promise<void> {
  const target = process.argv[2] ?? 'openapi.json';
  await loadSwaggerPluginMetadata();
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  applyGlobalPrefix(app);
  const document = buildOpenApiDocument(app);
  writeFileSync(target, /\.ya?ml$/.test(target) ? stringify(document) : `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(
    `OpenAPI ${document.info.version}: ${Object.keys(document.paths).length} paths written to ${target}\n`,
  );
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`openapi:write failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
