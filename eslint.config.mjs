import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import house from './eslint/context-boundaries.mjs';

/** Syntax refused everywhere the lint runs. */
const RESTRICTED_SYNTAX = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'Read configuration through AppConfig; only src/platform/config reads process.env.',
  },
  {
    selector: "CallExpression[callee.name='parseFloat']",
    message: 'No floating point near money: amounts are integers in minor units.',
  },
];

/**
 * `x as unknown as T` tells the compiler to stop checking: under src/ a value is checked (a parser, a
 * narrower parameter type, a real object), never re-labelled.
 */
const NO_DOUBLE_CAST = {
  selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
  message: 'No `as unknown as` under src/: check the value, or type what is really needed.',
};

export default tseslint.config(
  // `*.queries.ts`: pgtyped's output (npm run sql:types), checked against the schema instead.
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'src/generated/**',
      'src/**/sql/*.queries.ts',
      '.test-build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      // Type-aware rules below read the TypeScript program: the project service finds each
      // file's tsconfig (tsconfig.json covers src/, migrations/, test/, scripts/ and bench/).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the process) and
      // its ordering; a detached one is written `void p.catch(...)` with a reason.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function handed to a caller that ignores its result (an event listener, a timer,
      // Express middleware) has nobody to receive its rejection.
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union must name every member, so a new member (a status, an event type)
      // is a lint error at each switch that forgot it. A `default` branch does NOT count as
      // handling the members (considerDefaultExhaustiveForUnions: false): a default that throws
      // "unreachable" or returns a fallback would otherwise silence the check for exactly the
      // member that was added later. Where a default is wanted for values outside the type
      // (input from the wire), it stays, after the named cases. Switches over plain strings or
      // numbers need no default (requireDefaultForNonUnion: false).
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        {
          considerDefaultExhaustiveForUnions: false,
          requireDefaultForNonUnion: false,
          allowDefaultCaseForExhaustiveSwitch: true,
        },
      ],
      'no-restricted-syntax': ['error', ...RESTRICTED_SYNTAX],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { house },
    rules: {
      'house/context-boundaries': 'error',
      'no-restricted-syntax': ['error', ...RESTRICTED_SYNTAX, NO_DOUBLE_CAST],
    },
  },
  {
    // The application's SQL lives in `.sql` files typed from the schema (src/platform/database/README.md).
    files: ['src/**/*.ts'],
    ignores: ['src/platform/database/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/database/prepared-statement'],
              importNames: ['defineStatement'],
              message: "Write the query in the context's sql/ folder and run it through sqlStatements (sql-query.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'bench/**', '*.js', '*.mjs', 'eslint/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The configuration reads process.env; it keeps to the rest.
    files: ['src/platform/config/**'],
    rules: { 'no-restricted-syntax': ['error', NO_DOUBLE_CAST] },
  },
  {
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain JavaScript (this config, the eslint plugin, jest's config and transformers, the dev
    // script) has no types to check against.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
