// Type-aware lint for the whole monorepo; `npm run lint` fails on any warning.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_SRC = 'apps/web/src';
const SERVER_SRC = 'apps/server/src';

/** The web app's features: the folders of `apps/web/src/features`. */
const FEATURES = readdirSync(new URL(`${WEB_SRC}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports a file in `features/<own>` may not make: another feature's files other than its public
 * entry (`features/<f>/index.ts`), and anything in `app/`. The import text is relative, so the
 * regexes match it however many `../` it climbs.
 * @param {string} own
 */
function featureBoundary(own) {
  const others = FEATURES.filter((name) => name !== own).join('|');
  return [
    {
      regex: `^(?:\\.\\./)+(?:features/)?(?:${others})/(?!index\\.ts$)`,
      message: 'Import another feature only through its public entry, features/<f>/index.ts.',
    },
    { regex: '^(?:\\.\\./)+app/', message: 'Features never import app/: app/ imports features.' },
  ];
}

/**
 * One-way imports in the web app (ARCH-6 in docs/architecture.md: lib/components -> features ->
 * app): a feature imports `components/`, `lib/`, its own files and other features' public entries;
 * `components/` and `lib/` import no feature and not `app/`; `app/` imports features only through
 * their public entries.
 */
const webBoundaries = [
  ...FEATURES.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featureBoundary(feature) }] },
  })),
  {
    files: [`${WEB_SRC}/components/**/*.{ts,tsx}`, `${WEB_SRC}/lib/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+(?:features|app)/',
              message: 'components/ and lib/ import no feature and not app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB_SRC}/app/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+features/[^/]+/(?!index\\.ts$)',
              message:
                'app/ imports a feature only through its public entry, features/<f>/index.ts.',
            },
          ],
        },
      ],
    },
  },
];

/** The server's modules: the folders of `apps/server/src/modules`. */
const MODULES = readdirSync(new URL(`${SERVER_SRC}/modules`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** How the regexes below name a module's public entry. */
const NOT_ENTRY = '(?!index\\.ts$)';

/**
 * Imports a file in `modules/<own>` may not make: another module's files other than its public
 * entry (`modules/<m>/index.ts`). The import text is relative, so the regex matches it however
 * many `../` it climbs.
 * @param {string} own
 */
function moduleBoundary(own) {
  const others = MODULES.filter((name) => name !== own).join('|');
  return [
    {
      regex: `^(?:\\.\\./)+(?:modules/)?(?:${others})/${NOT_ENTRY}`,
      message: 'Import another server module only through its public entry, modules/<m>/index.ts.',
    },
  ];
}

/** The bench, the scripts and the browser tests share `tools/`, never each other's files. */
const SHARE_THROUGH_TOOLS =
  'bench/, scripts/ and the browser tests share tools/, not each other (nor the server tests).';

/**
 * One-way imports in the server (the web app's rules above, for `apps/server/src/modules/<m>`):
 * a module imports its own files, `lib/`, the server's top files and other modules' public
 * entries; `app.ts`, `cli.ts`, `main.ts` and the other top files, the bench, the scripts and
 * `tools/` reach a module only through its public entry too; `lib/` imports no module. The
 * server tests (`apps/server/test`) may test a module's internals, as the browser tests are not
 * held to the web app's rules; a module's own `*.spec.ts` are its files.
 *
 * `bench/`, `scripts/` and `tools/` also keep out of each other, the browser tests and the
 * server tests: what two of them use sits in `tools/`. The browser tests import neither the
 * bench nor the scripts, and of the server tests' helpers only the import fixtures (kept there
 * while the server tests' owners move them).
 */
const serverBoundaries = [
  ...MODULES.map((module) => ({
    files: [`${SERVER_SRC}/modules/${module}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: moduleBoundary(module) }] },
  })),
  {
    files: [`${SERVER_SRC}/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\./modules/[^/]+/${NOT_ENTRY}`,
              message:
                'Import a server module only through its public entry, modules/<m>/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${SERVER_SRC}/lib/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./)+modules/',
              message: 'lib/ imports no module: modules import lib/.',
            },
          ],
        },
      ],
    },
  },
  ...[
    ['bench', 'scripts|apps/web/e2e|apps/server/test'],
    ['scripts', 'bench|apps/web/e2e|apps/server/test'],
    ['tools', 'bench|scripts|apps/web/e2e|apps/server/test'],
  ].map(([folder, others]) => ({
    files: [`${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+${SERVER_SRC}/modules/[^/]+/${NOT_ENTRY}`,
              message:
                'Import a server module only through its public entry, modules/<m>/index.ts.',
            },
            { regex: `^(?:\\.\\./)+(?:${others})/`, message: SHARE_THROUGH_TOOLS },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?:\\.\\./)+(?:(?:bench|scripts)/|(?:apps/)?server/test/(?!helpers/import-fixtures\\.ts$))',
              message: SHARE_THROUGH_TOOLS,
            },
          ],
        },
      ],
    },
  },
];

/**
 * The database layer only in repositories: outside `*.repository.ts`, the server, the bench,
 * the scripts and `tools/` import nothing of drizzle-orm (no `sql`, `eq`, `and`, no schema
 * introspection, no migrator) nor of the drivers (`pg`, PGlite) but their types, and of
 * `@pigostream/db` only its types, `openDatabase`, `dumpEmbedded`, `inSlowLane` and its constants: not its
 * tables nor `queryRows` (its camelCase values). The server tests may read and write the
 * database directly, and so may the footprint bench's reference process, a bare Fastify and
 * `pg` server that the bench compiles and runs on its own (bench/load/bare-pg.ts).
 */
const sqlInRepositories = {
  files: [`${SERVER_SRC}/**/*.ts`, 'bench/**/*.ts', 'scripts/**/*.ts', 'tools/**/*.ts'],
  ignores: ['**/*.repository.ts', 'bench/load/bare-pg.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^drizzle-orm(?:/|$)',
            message: 'SQL and query building only in repositories (*.repository.ts).',
          },
          {
            regex: '^(?:pg|@electric-sql/pglite)(?:/|$)',
            allowTypeImports: true,
            message: 'Database drivers only in repositories (*.repository.ts).',
          },
          {
            regex: '^@pigostream/db$',
            importNamePattern: '^(?!openDatabase$|dumpEmbedded$|inSlowLane$)[a-z]',
            allowTypeImports: true,
            message:
              'Tables and queryRows only in repositories (*.repository.ts); elsewhere the types, openDatabase, inSlowLane and the constants of @pigostream/db.',
          },
        ],
      },
    ],
  },
};

/**
 * No import cycles in the server, the bench, the scripts and `tools/` (type-only imports, gone
 * at run time, are not followed). Paths resolve as Node resolves them (the imports name their
 * `.ts` files), and the `.ts` files they reach are read for their own imports.
 */
const noCycles = {
  files: [`${SERVER_SRC}/**/*.ts`, 'bench/**/*.ts', 'scripts/**/*.ts', 'tools/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts'],
    'import-x/resolver-next': [createNodeResolver()],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/*.js',
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Fastify plugins are async by contract even when they register routes synchronously.
      '@typescript-eslint/require-await': 'off',
      // Drizzle's PGlite and node-postgres databases and their transactions share one query
      // API; repositories take them under one structural type.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  ...serverBoundaries,
  sqlInRepositories,
  noCycles,
);
