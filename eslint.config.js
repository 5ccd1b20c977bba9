// ESLint: a small config on purpose. Formatting is Prettier's job; these rules catch what review
// keeps missing (unawaited promises, value imports used only as types) and keep the layers apart.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// `regex`, not `group`: a group pattern is gitignore syntax, where a leading `#` starts a comment.
const serverOnly = { regex: String.raw`\.server(\.tsx?)?$`, message: 'Server-only code stays out of components (it would reach the browser bundle).' }
const appImports = {
  regex: String.raw`^(~/|#app/|(\.\./)+app/)`,
  message: 'schemas/ is shared with the Studio and never imports the app; shared lists live in schemas/lib/.',
}
const testImports = { regex: String.raw`^(#tests/|(\.\./)+tests/)`, message: 'The app never imports test code.' }

export default tseslint.config(
  {
    ignores: [
      'studio/.sanity/',
      'build/',
      'public/build/',
      'studio/dist/',
      'node_modules/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'app/sanity/types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Input checks match control characters on purpose (form-rules.ts, redirect-path.ts, mail headers).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Playwright fixtures are requested by destructuring; a test that needs none but testInfo writes `({}, testInfo)`.
  { files: ['tests/e2e/**'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['**/*.test.*'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['schemas/**'], rules: { 'no-restricted-imports': ['error', { patterns: [appImports] }] } },
  {
    files: ['app/components/**'],
    ignores: ['**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly, testImports] }] },
  },
  {
    files: ['app/**'],
    ignores: ['**/*.test.*', 'app/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testImports] }] },
  },
)
