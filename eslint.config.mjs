// ESLint (flat config): typescript-eslint's type-aware rules that catch real bugs (a promise nobody
// awaits), type-only imports kept apart, no unused code, and import restrictions that make the layering
// of docs/architecture.md a rule: analysis and convert stay pure, resolvers never reach the database.
// Formatting is Prettier's (.prettierrc.json), not ESLint's.
import tseslint from 'typescript-eslint';

// Our layers, as they appear at the end of a relative import ("../db/client", "../../server").
const layer = (names) => `^(\\.{1,2}/)+(${names.join('|')})(/|$)`;
const PRISMA = { regex: '^(@prisma/|prisma$)|(^|/)generated/prisma', message: 'Prisma is imported in src/db only.' };

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'test-artifacts/',
      'data/',
      'scratch/',
      'src/generated/',
      'src/graphql/generated/',
      'web/src/generated/',
      'test/fixtures/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // tsconfig.json (src, test, bench; codegen.ts through its test) and web/tsconfig.json (the dashboard).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch without a default must name every member of the union it switches on.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-base-to-string': 'error',
      // `typeof import('...')` stays allowed: it types a require() that is deliberately lazy.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Pure: manifests and knowledge in, findings and rewrites out; no database, GraphQL, HTTP or services.
    files: ['src/analysis/**', 'src/convert/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: layer(['db', 'graphql', 'services', 'resolvers', 'server', 'http']),
              message:
                'analysis and convert are pure: no database, GraphQL, services, resolvers or HTTP (docs/architecture.md).',
            },
            PRISMA,
          ],
        },
      ],
    },
  },
  {
    // Resolvers unwrap arguments and call one service; the services reach the database.
    files: ['src/resolvers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: layer(['db']), message: 'Resolvers call services, never the database.' }, PRISMA] },
      ],
    },
  },
  {
    // The in-memory knowledge base is built from whatever reads it; it does not read the database itself.
    files: ['src/kb/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: layer(['db']), message: 'src/kb does not import the database.' }, PRISMA] },
      ],
    },
  },
);
