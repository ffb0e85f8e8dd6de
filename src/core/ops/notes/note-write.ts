import * as z from 'zod';
import { IndxError } from '../../errors';
import { composeNote, replaceFrontmatterSteps } from '../../markdown/frontmatter-edit';
import { createNote } from '../../notes/create-note';
import { writtenNoteState } from '../../notes/note-state';
import { bodyOf } from '../../notes/split-body';
import { parseMetadata } from '../../metadata/parse-metadata';
import { templateText } from '../../templates/template-text';
import { replaceBody, replaceBodyAfterValidBlock } from '../../notes/replace-body';
import { mutateFileInSteps } from '../../vault/mutate-file';
import type { Steps } from '../../steps';
import { assertLinkableName, toNotePath } from '../../vault/paths';
import { locateFrontmatter } from '../../metadata/frontmatter';
import { DESTRUCTIVE, defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';
import { ifMatchField, noteStateSchema, pathField } from '../schemas';

type WriteInput = { path: string; body: string; frontmatter?: Record<string, unknown> | null; if_match?: string; if_not_exists: boolean; template?: string };

/** `note_write`: creates a note, or replaces its body (and frontmatter when given). */
export const noteWrite = defineOperation({
  name: 'note_write',
  title: 'Create or replace a note',
  description: 'Create a note or replace its body. Pass the etag from note_read as if_match, or if_not_exists, to avoid overwriting. Prefer note_patch for partial edits.',
  input: z.object({
    path: pathField,
    body: z.string().describe('Markdown body, without frontmatter.'),
    frontmatter: z.record(z.string(), z.unknown()).nullable().optional().describe('Whole frontmatter; omit to keep the existing one, null to remove it.'),
    if_match: ifMatchField,
    if_not_exists: z.boolean().default(false).describe('Fail with already_exists if the note exists.'),
    template: z.string().min(1).optional().describe('New note only: start from this template; body goes after it.'),
  }),
  output: noteStateSchema.extend({ created: z.boolean().describe('True when the note was created by this call.') }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'PUT', path: '/v1/notes/{path}' },
  cli: ['note', 'update'],
  async run(input, context) {
    const path = toNotePath(input.path);
    rejectFrontmatterInBody(input.body);
    if (context.host.stat(path) === null) return create(context, path, input);
    if (input.if_not_exists) throw new IndxError('already_exists', `"${path}" already exists. Use note_patch or note_write with if_match to change it.`, { path });
    if (input.template !== undefined) throw new IndxError('already_exists', `"${path}" already exists, and a template only starts a new note. Omit template to replace its body.`, { path, template: input.template });
    const result = await mutateFileInSteps(context, path, 'note_write', (text) => rewriteSteps(text, input), input.if_match);
    return { ...writtenNoteState(context.host, path, result.text, result.etag), created: false };
  },
  summarize: (output) => `${output.created ? 'Created' : 'Wrote'} ${output.path} (etag ${output.etag}).`,
});

async function create(context: OperationContext, path: string, input: WriteInput) {
  assertLinkableName(path);
  if (input.if_match !== undefined) throw new IndxError('not_found', `"${path}" does not exist, so if_match cannot match. Omit if_match to create it.`, { path });
  const text = input.template === undefined ? composeNote(input.frontmatter ?? undefined, input.body) : await fromTemplate(context, path, input.template, input);
  return { ...(await createNote(context, 'note_write', path, text)), created: true };
}

/**
 * A new note's text from a template: the expanded template with `body` added after it; given
 * frontmatter replaces the template's whole block (null: none), as it replaces a note's.
 */
async function fromTemplate(context: OperationContext, path: string, template: string, input: WriteInput): Promise<string> {
  const text = await templateText(context.host, template, path, new Date(context.clock()));
  if (input.frontmatter === undefined) return appendBody(text, input.body);
  return composeNote(input.frontmatter ?? undefined, appendBody(bodyOf(text, parseMetadata(text)), input.body));
}

/** `body` after `text`, on a line of its own. */
function appendBody(text: string, body: string): string {
  if (body === '') return text;
  return text === '' || text.endsWith('\n') ? `${text}${body}` : `${text}\n${body}`;
}

/** A body that opens with its own `---` block would stack a second frontmatter block (found from its delimiter lines: the body is not parsed). */
function rejectFrontmatterInBody(body: string): void {
  if (locateFrontmatter(body) === null) return;
  throw new IndxError('invalid_input', 'body starts with a frontmatter block (---). Pass properties in the frontmatter field and the markdown after the block as body.', { field: 'body' });
}

function* rewriteSteps(text: string, input: WriteInput): Steps<string> {
  if (input.frontmatter === undefined) return replaceBody(text, input.body);
  if (input.frontmatter === null) return input.body;
  // With a property to write, replaceFrontmatter leaves a valid block: its end is found without
  // parsing it again. With none it only drops the block, and what follows may look like one.
  const written = yield* replaceFrontmatterSteps(text, input.frontmatter);
  const hasProperty = Object.values(input.frontmatter).some((value) => value !== undefined);
  return hasProperty ? replaceBodyAfterValidBlock(written, input.body) : replaceBody(written, input.body);
}
