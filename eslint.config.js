import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Frontend feature boundaries. A feature (frontend/src/features/<name>) keeps its modules to itself:
// another feature reaches it only through its public face '@/features/<name>' (its index.ts, which
// exports just what other features use), and inside a feature modules import each other by
// relative paths that stay in the feature. Shared code lives in components/, lib/, config/,
// content/ and testing/, which import no feature. app/ composes the screens and may import any
// module of a feature (each route's chunk then holds only what it renders).
const FEATURES_DIR = 'frontend/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const otherFeatureInside = {
  regex: '^@/features/[^/]+/',
  message:
    "Import another feature only through its public face '@/features/<name>' (its index.ts); shared code belongs in components/, lib/, config/, content/ or testing/.",
};
const ownFace = (feature) => ({
  regex: `^@/features/${feature}$`,
  message: 'Inside a feature, import its modules by relative path, not through its own index.ts.',
});
/** A relative import from `depth` folders below the feature's root that climbs out of the feature. */
const outOfFeature = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}`,
  message:
    "A relative import stays inside its feature: use '@/components/...', '@/lib/...', '@/config/...', '@/content/...', '@/testing/...' or another feature's '@/features/<name>'.",
});
const featureBoundaries = features.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`${FEATURES_DIR}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherFeatureInside, ownFace(feature), outOfFeature(depth)] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // esquery regexes cannot hold a '/': \x2F stands for it.
          selector: 'ImportExpression[source.value=/^@\\x2Ffeatures\\x2F[^\\x2F]+\\x2F/]',
          message: otherFeatureInside.message,
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'var/**', 'artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featureBoundaries,
  {
    // Shared code sits below the features.
    files: ['frontend/src/{components,config,content,lib,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)features(/|$)',
              message:
                'Shared code (components, config, content, lib, testing) imports no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // HTTP test clients type response bodies as any; the assertions check their shape.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
