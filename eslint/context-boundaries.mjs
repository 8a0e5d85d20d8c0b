import path from 'node:path';

/**
 * The house's boundaries (ARCHITECTURE.md conventions 1 and 15), checked on every import,
 * export-from and dynamic import in src/:
 *
 * - `src/platform/` knows no context: it imports nothing from `src/modules/`.
 * - A context imports another context only through its public surface, the folder's
 *   `index.ts` (`../billers`, never `../billers/catalogue/biller.entity` or `../billers/dto/...`).
 *
 * Paths are resolved against the importing file, so `../../billers/dto/x` from a context's
 * subfolder is caught as surely as `../billers/x`. The applications' composition files
 * (`src/*.ts`, `src/cli/`, `src/simulators/`) and the tests may import what they need.
 */
const SRC = path.resolve(import.meta.dirname, '..', 'src');
const MODULES = path.join(SRC, 'modules');
const PLATFORM = path.join(SRC, 'platform');

/** The context folder a path lies in, and the rest of the path inside it. */
function contextOf(file) {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [context, ...rest] = relative.split(path.sep);
  return { context, inner: rest.join('/') };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'platform/ imports no context; contexts import each other only through index.ts' },
    schema: [],
    messages: {
      platformImportsContext:
        'src/platform knows no context: do not import {{target}} (put the port in platform, the adapter in the context).',
      internalOfContext:
        "Import the {{context}} context through its public surface ('{{surface}}'), not its internal file {{inner}}; export what you need from its index.ts.",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const importer = contextOf(file);
    const inPlatform = !path.relative(PLATFORM, file).startsWith('..');
    if (!importer && !inPlatform) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const imported = contextOf(target);
      if (!imported) return;
      if (inPlatform) {
        context.report({ node, messageId: 'platformImportsContext', data: { target: specifier } });
        return;
      }
      if (imported.context === importer.context) return;
      if (imported.inner === '' || imported.inner === 'index' || imported.inner === 'index.ts') return;
      const surface = specifier.slice(0, specifier.length - imported.inner.length - 1);
      context.report({
        node,
        messageId: 'internalOfContext',
        data: { context: imported.context, surface, inner: imported.inner },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};

export default { rules: { 'context-boundaries': rule } };
