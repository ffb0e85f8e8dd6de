import { DELIVERY_INPUTS } from '../../ai/ai-schemas';
import { relateInputSchema } from '../../ai/relate/relate-input-schema';
import { relateOutputSchema } from '../../ai/relate/relate-output-schema';
import { runRelate } from '../../ai/relate/run-relate';
import { defineOperation, READ_ONLY } from '../operation';

/** `ai_relate` (seed 002 §5.4): related notes and the type of each relationship; link drafts, never applied. */
export const aiRelate = defineOperation({
  name: 'ai_relate',
  title: 'Find and type related notes',
  description:
    'Find notes related to the source notes and how (extends, contradicts…), with confidence and evidence.',
  input: relateInputSchema,
  output: relateOutputSchema,
  scope: 'vault:read',
  annotations: { ...READ_ONLY, openWorldHint: true },
  requires: 'ai',
  streams: true,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/relate' },
  cli: ['ai', 'relate'],
  run: runRelate,
  summarize(output) {
    const sources = output.scope_resolved.sources.length;
    const patches = output.proposed_patches === undefined ? '' : `; ${output.proposed_patches.length} link draft${output.proposed_patches.length === 1 ? '' : 's'} proposed`;
    return `${output.edges.length} related note${output.edges.length === 1 ? '' : 's'} found for ${sources} source note${sources === 1 ? '' : 's'}${patches}.`;
  },
});
