import * as z from 'zod';
import { toNotePath } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { pathField } from '../schemas';

/** `note_exists`: whether a note exists, without reading it. */
export const noteExists = defineOperation({
  name: 'note_exists',
  title: 'Check a note exists',
  description: 'Tell whether a note exists at a path (cheap; does not read the file).',
  input: z.object({ path: pathField }),
  output: z.object({ path: z.string().describe('The normalised path checked.'), exists: z.boolean().describe('True when a note is at that path.') }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'HEAD', path: '/v1/notes/{path}' },
  cli: ['note', 'exists'],
  run(input, context) {
    const path = toNotePath(input.path);
    return Promise.resolve({ path, exists: context.host.stat(path) !== null });
  },
  summarize: (output) => `${output.path} ${output.exists ? 'exists' : 'does not exist'}.`,
});
