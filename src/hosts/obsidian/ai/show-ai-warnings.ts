import * as z from 'zod';

/** Warnings nobody needs to read: the answer came from the cache (it is still current). */
const QUIET_WARNINGS = new Set(['ai_cache_hit']);

/** What the AI commands read of a result's warnings (none: an empty list). */
export const aiWarningsField = z.array(z.object({ code: z.string(), message: z.string() })).default([]);

/** Lists an AI result's warnings (notes left out by the AI path filters, dropped claims…) below it. */
export function showAiWarnings(container: HTMLElement, warnings: readonly { code: string; message: string }[]): void {
  const shown = warnings.filter((warning) => !QUIET_WARNINGS.has(warning.code));
  if (shown.length === 0) return;
  const list = container.createEl('ul', { cls: 'indx-ai-warnings' });
  for (const warning of shown) list.createEl('li', { text: warning.message });
}
