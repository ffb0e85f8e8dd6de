import { DELIVERY_INPUTS } from '../../ai/ai-schemas';
import { runMocToc } from '../../ai/toc/run-moc-toc';
import { runNoteToc } from '../../ai/toc/run-note-toc';
import { tocInputSchema } from '../../ai/toc/toc-input-schema';
import { tocOutputSchema } from '../../ai/toc/toc-output-schema';
import { tocNeedsModel } from '../../ai/toc/toc-needs-model';
import { defineOperation } from '../operation';

/** `ai_toc` (seed 002 §5.3): a note's table of contents, or a Map of Content over a scope, optionally written. */
export const aiToc = defineOperation({
  name: 'ai_toc',
  title: 'Table of contents or Map of Content',
  description:
    'mode "note": a note\'s heading outline (no model call unless include_descriptions); "moc": a Map of Content over a scope.',
  input: tocInputSchema,
  output: tocOutputSchema,
  scope: 'vault:read',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  // Offered with a chat model (a Map of Content and descriptions need one); a note's outline
  // alone runs in every configuration, offered or not (seed 002 §5.3).
  requires: 'chat',
  requiresWhen: tocNeedsModel,
  streams: true,
  writesWhen: (input) => input.mode === 'moc' && input.write !== undefined,
  writeInputs: ['write'],
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/toc' },
  cli: ['ai', 'toc'],
  run(input, context) {
    return input.mode === 'note' ? runNoteToc(input, context) : runMocToc(input, context);
  },
  summarize(output) {
    const entries = countEntries(output.toc_tree);
    const written = output.written === undefined ? '' : ` Wrote ${output.written.path} (etag ${output.written.etag}).`;
    return `Table of contents with ${entries} entr${entries === 1 ? 'y' : 'ies'} over ${output.scope_resolved.paths.length} note${output.scope_resolved.paths.length === 1 ? '' : 's'}.${written}`;
  },
});

function countEntries(nodes: readonly { children?: readonly unknown[] | undefined }[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countEntries((node.children ?? []) as { children?: readonly unknown[] }[]), 0);
}
