// The runtime module is plain CommonJS that Jest loads by path (jest.config.js's `runtime`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SharedRuntime = require('./shared-runtime') as {
  SourceMapsView: new (
    own: Map<string, string>,
    shared: Map<string, string>,
  ) => {
    get(path: string): string | undefined;
    [Symbol.iterator](): Iterator<[string, string]>;
  };
};

describe("SharedRuntime's source maps of a later spec file", () => {
  it('sees maps registered after it was handed out: the spec file is transformed after Jest installs its stack formatter', () => {
    const own = new Map<string, string>();
    const shared = new Map([['/app/src/main.js', '/maps/main.map']]);
    const view = new SharedRuntime.SourceMapsView(own, shared);

    expect(view.get('/app/test/a.e2e-spec.ts')).toBeUndefined();
    own.set('/app/test/a.e2e-spec.ts', '/maps/a.map');

    expect(view.get('/app/test/a.e2e-spec.ts')).toBe('/maps/a.map');
    expect(view.get('/app/src/main.js')).toBe('/maps/main.map');
    expect([...view]).toEqual([
      ['/app/src/main.js', '/maps/main.map'],
      ['/app/test/a.e2e-spec.ts', '/maps/a.map'],
    ]);
  });

  it("prefers the spec file's own map for a path both know", () => {
    const view = new SharedRuntime.SourceMapsView(
      new Map([['/x.js', '/own.map']]),
      new Map([['/x.js', '/shared.map']]),
    );
    expect(view.get('/x.js')).toBe('/own.map');
  });
});
