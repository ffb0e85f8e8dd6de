import * as z from 'zod';
import { findBlock, toBareBlockId } from '../../markdown/find-block';
import { findHeading } from '../../markdown/find-heading';
import { IndxError } from '../../errors';
import { parseMetadata } from '../../metadata/parse-metadata';
import { requireFile } from '../../vault/mutate-file';
import { toExistingFilePath } from '../../vault/file-path';
import { extensionOf } from '../../vault/paths';
import { defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';
import { pathField } from '../schemas';
import { appOf, recordAppCall } from './app-of';

/** `workspace_open`: opens a note for the user in Obsidian, at a heading, block or line, in this tab or a new one. */
export const workspaceOpen = defineOperation({
  name: 'workspace_open',
  title: 'Open a note in Obsidian',
  description: "Open a note (or other file) for the user in Obsidian, optionally at a heading, block id or 0-based line, in the current or a new tab. Needs the user's editor switch.",
  input: z.object({
    path: pathField,
    heading: z.string().min(1).optional().describe('Heading text or "Parent > Child" path to scroll to.'),
    block: z.string().min(1).optional().describe('Block id (without ^) to scroll to.'),
    line: z.number().int().min(0).optional().describe('0-based line to put the cursor on.'),
    new_tab: z.boolean().default(false).describe('Open in a new tab.'),
  }),
  output: z.object({
    path: z.string().describe('The file opened.'),
    subpath: z.string().describe('The #heading or #^block it opened at, or "".'),
    line: z.number().int().nullable().describe('The 0-based line it opened at, or null.'),
    new_tab: z.boolean().describe('Opened in a new tab.'),
  }),
  scope: 'app:editor',
  app: 'editor',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: { method: 'POST', path: '/v1/workspace/open' },
  cli: ['workspace', 'open'],
  async run(input, context) {
    const targets = [input.heading, input.block, input.line].filter((value) => value !== undefined).length;
    if (targets > 1) throw new IndxError('invalid_input', 'Give at most one of heading, block and line.', { heading: input.heading, block: input.block, line: input.line });
    const path = existingPath(context, input.path);
    const subpath = await subpathOf(context, path, input.heading, input.block);
    await appOf(context).open({ path, subpath, ...(input.line === undefined ? {} : { line: input.line }), newTab: input.new_tab });
    recordAppCall(context, 'workspace_open', path);
    return { path, subpath, line: input.line ?? null, new_tab: input.new_tab };
  },
  summarize: (output) => `Opened ${output.path}${output.subpath}${output.line === null ? '' : ` at line ${output.line}`}${output.new_tab ? ' in a new tab' : ''}.`,
});

/** The file a path names (see `toExistingFilePath`: a note first), which must exist. */
function existingPath(context: OperationContext, input: string): string {
  const path = toExistingFilePath(context.host, input);
  requireFile(context, path);
  return path;
}

/** `#Heading` (the heading's own text, so Obsidian finds it) or `#^id`, checked against the note; '' for neither. */
async function subpathOf(context: OperationContext, path: string, heading: string | undefined, block: string | undefined): Promise<string> {
  if (heading === undefined && block === undefined) return '';
  if (extensionOf(path) !== 'md') throw new IndxError('invalid_input', `${path} is not a note: heading and block apply to notes only.`, { path });
  const metadata = parseMetadata(await context.host.read(path));
  if (heading !== undefined) return `#${findHeading(metadata.headings, heading).heading}`;
  return `#^${findBlock(metadata, toBareBlockId(block ?? '')).id}`;
}
