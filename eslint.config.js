// Type-aware lint for the whole monorepo; `npm run lint` fails on any warning.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_SRC = 'apps/web/src';

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
 * One-way imports in the web app (ARCHITECTURE.md: lib/components -> features -> app): a feature
 * imports `components/`, `lib/`, its own files and other features' public entries;
 * `components/` and `lib/` import no feature and not `app/`; `app/` imports features only
 * through their public entries.
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
);
