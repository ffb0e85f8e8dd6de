import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import obsidianmd from 'eslint-plugin-obsidianmd';
import { DEFAULT_ACRONYMS } from 'eslint-plugin-obsidianmd/dist/lib/rules/ui/acronyms.js';
import globals from 'globals';

// Layering: the core engine must stay pure so both hosts (Obsidian, headless Node) can run it.
const CORE_FORBIDDEN = {
  patterns: [
    { group: ['obsidian', 'electron', 'express', 'express/*'], message: 'src/core is host-agnostic: reach Obsidian, Electron or HTTP through a port.' },
    { group: ['node:*'], message: 'src/core is host-agnostic: Node built-ins belong in src/hosts/node.' },
    { group: ['fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'child_process', 'stream', 'url', 'util', 'events', 'net'], message: 'src/core is host-agnostic: Node built-ins belong in src/hosts/node.' },
    { group: ['../hosts/*', '../../hosts/*', '../server/*', '../../server/*'], message: 'src/core must not depend on hosts or surfaces.' },
  ],
};

export default defineConfig([
  { ignores: ['main.js', 'node_modules/**', 'packages/indx-mcp/dist/**', 'coverage/**', 'bench/**/*.mjs', 'scripts/**/*.mjs', 'esbuild.config.mjs', 'jest.config.js', 'eslint.config.mjs'] },
  ...obsidianmd.configs.recommended,
  {
    // "MOC" (Map of Content) is the Obsidian community's own term, and "AI: build MOC" the command's name in the spec.
    files: ['**/*.ts'],
    rules: { 'obsidianmd/ui/sentence-case': ['warn', { enforceCamelCaseLower: true, acronyms: [...DEFAULT_ACRONYMS, 'MOC'] }] },
  },
  {
    files: ['**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The AI client falls back to the platform's fetch headless only: the plugin always injects
    // its fetch built on requestUrl (request-url-fetch.ts), as the rule asks.
    files: ['src/core/ai/openai-compatible.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Size: a named `{ z }` import makes esbuild keep zod's whole namespace object, every locale
    // included (about 260 kB of main.js); `import * as z` lets it keep only what is used.
    files: ['src/**/*.ts', 'packages/indx-mcp/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "ImportDeclaration[importKind='value'][source.value=/^zod/] > ImportSpecifier[importKind='value'][imported.name='z']", message: "Write `import * as z from 'zod'`: a named { z } import bundles all of zod (see docs/decisions/0010-plugin-bundle-size.md)." }],
    },
  },
  { files: ['src/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', CORE_FORBIDDEN] } },
  {
    // Headless there is no Vault#configDir to ask: the host defaults to Obsidian's `.obsidian` and
    // takes another name as an option. Tests build vaults with a config folder on purpose.
    files: ['src/hosts/node/**/*.ts', 'tests/**/*.ts'],
    rules: { 'obsidianmd/hardcoded-config-path': 'off' },
  },
  {
    // The CLI and tests are not part of the plugin bundle: stdout is their interface.
    files: ['packages/indx-mcp/src/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      'no-console': 'off',
      'no-restricted-globals': 'off',
      'obsidianmd/rule-custom-message': 'off',
      // The indx command is bundled into one file: its dependencies are the workspace root's.
      'import/no-extraneous-dependencies': ['error', { packageDir: [import.meta.dirname, `${import.meta.dirname}/packages/indx-mcp`] }],
    },
  },
  {
    // The date formatter is held to moment itself, which the plugin never imports (it would use
    // the app's copy through 'obsidian'; the tests run without the app).
    files: ['tests/core/dates/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['manifest.json'],
    plugins: { obsidianmd },
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: false, project: null, extraFileExtensions: ['.json'] } },
    rules: { 'obsidianmd/validate-manifest': 'error' },
  },
]);
