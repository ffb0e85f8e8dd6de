import * as z from 'zod';
import type { EditorSelectionText } from '../../app/app-port';
import { extensionOf } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { etagField } from '../schemas';
import { appOf, recordAppCall } from './app-of';
import { editorPlaceSchema } from './editor-place';

/** Longest selection text returned, in characters; a longer one is cut and marked `truncated`. */
export const SELECTION_TEXT_LIMIT = 20_000;

/** `workspace_active`: what the user has open in Obsidian — the active note, its selection and cursor, the open tabs. */
export const workspaceActive = defineOperation({
  name: 'workspace_active',
  title: 'Active note and selection',
  description: "What the user has open in Obsidian: the active note (path, etag, unsaved edits), the selected text and cursor (0-based lines), the open tabs. Needs the user's editor switch.",
  input: z.object({}),
  output: z.object({
    path: z.string().nullable().describe('The active file, or null (none, or hidden by the access rules).'),
    etag: etagField.nullable().describe('The active note’s etag on disk (null for no note).'),
    unsaved: z.boolean().describe('The editor holds changes not yet on disk.'),
    mode: z.enum(['source', 'preview']).nullable().describe('Editing (source/live preview) or reading view.'),
    cursor: editorPlaceSchema.nullable().describe('The cursor, when an editor is active.'),
    selections: z.array(z.object({ text: z.string().describe('The selected text.'), from: editorPlaceSchema.describe('Start.'), to: editorPlaceSchema.describe('End.'), truncated: z.boolean().optional().describe('Cut at 20,000 characters.') })).describe('Selected text, each with its range; empty when nothing is selected.'),
    open: z.array(z.string()).describe('Files open in tabs.'),
  }),
  scope: 'app:editor',
  app: 'editor',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/workspace/active' },
  cli: ['workspace', 'active'],
  live: true,
  async run(_input, context) {
    const state = appOf(context).activeEditor();
    const open = state.open.filter((path) => context.host.exists(path));
    const path = state.path !== null && context.host.exists(state.path) ? state.path : null;
    recordAppCall(context, 'workspace_active', path ?? '');
    // Security: a note the access rules exclude is not revealed, nor its selection.
    if (path === null) return { path: null, etag: null, unsaved: false, mode: null, cursor: null, selections: [], open };
    const disk = extensionOf(path) === 'md' ? await context.host.read(path) : null;
    return {
      path,
      etag: disk === null ? null : context.etag(disk),
      unsaved: disk !== null && state.text !== null && state.text !== disk,
      mode: state.mode,
      cursor: state.cursor,
      selections: state.selections.map(capSelection),
      open,
    };
  },
  summarize: (output) => (output.path === null ? 'No note is active.' : `${output.path} is active${describeSelections(output.selections)}.`),
});

function capSelection(selection: EditorSelectionText): EditorSelectionText & { truncated?: boolean } {
  if (selection.text.length <= SELECTION_TEXT_LIMIT) return selection;
  return { ...selection, text: selection.text.slice(0, SELECTION_TEXT_LIMIT), truncated: true };
}

function describeSelections(selections: readonly { text: string }[]): string {
  if (selections.length === 0) return ', nothing selected';
  const chars = selections.reduce((sum, selection) => sum + selection.text.length, 0);
  return `, ${selections.length} selection${selections.length === 1 ? '' : 's'} (${chars} chars)`;
}
