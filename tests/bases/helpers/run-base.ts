import { setTimeout as delay } from 'node:timers/promises';
import { parseBase } from '../../../src/core/bases/base/parse-base';
import { runView, type ViewResult } from '../../../src/core/bases/base/run-view';
import { loadCanvasLinks } from '../../../src/core/bases/vault/canvas-links';
import { createVaultSnapshot } from '../../../src/core/bases/vault/vault-snapshot';
import type { VaultHost } from '../../../src/core/vault/vault-host';
import { TEST_NOW } from './expression-harness';

/** How {@link runBase} runs a view. */
export interface RunBaseOptions {
  view?: string;
  thisPath?: string;
  /** Rows of the page (default 100). */
  pageSize?: number;
}

/**
 * Parses base text and runs one of its views (default the first) over `host` as `base_query`
 * does, with the expression tests' clock; a base that does not parse fails the test. It then
 * yields to the event loop once, so a test timeout that expired during the (synchronous) run
 * fails the test before its assertions run.
 */
export async function runBase(host: VaultHost, text: string, options: RunBaseOptions = {}): Promise<ViewResult> {
  const parsed = parseBase(text);
  if (!parsed.ok) throw parsed.error;
  const view = options.view === undefined ? parsed.value.views[0] : parsed.value.views.find((candidate) => candidate.name === options.view);
  if (view === undefined) throw new Error(`the base has no view ${options.view ?? ''}`);
  const snapshot = createVaultSnapshot(host, await loadCanvasLinks(host));
  const formulas = new Map([...parsed.value.formulas].map(([name, formula]) => [name, formula.node]));
  const context = { snapshot, now: TEST_NOW, random: () => 0.5, basePath: 'Test.base', thisPath: options.thisPath ?? 'Test.base', formulas };
  const result = runView(parsed.value, view, context, { offset: 0, size: options.pageSize ?? 100 });
  await delay(0);
  return result;
}
