import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

describe('the Swagger plugin metadata', () => {
  it('must be loaded before the OpenAPI document is built', () => {
    // A process of its own: in a Jest worker, an earlier spec file's app may have loaded it already.
    const documentModule = JSON.stringify(join(__dirname, 'openapi-document'));
    const build = () =>
      execFileSync(
        process.execPath,
        ['-r', 'ts-node/register/transpile-only', '-e', `require(${documentModule}).buildOpenApiDocument({})`],
        { cwd: join(__dirname, '..', '..', '..'), stdio: 'pipe' },
      );
    expect(build).toThrow(/needs the Swagger plugin metadata: await loadSwaggerPluginMetadata\(\) first/);
  });
});
