import { aiStatus } from './ai/ai-status';
import { aiSummarize } from './ai/ai-summarize';
import { aiAsk } from './ai/ai-ask';
import { aiToc } from './ai/ai-toc';
import { aiRelate } from './ai/ai-relate';
import { aiTag } from './ai/ai-tag';
import { aiMetadata } from './ai/ai-metadata';
import { aiExtract } from './ai/ai-extract';
import { vaultConfigGet } from './admin/vault-config-get';
import { vaultConfigSet } from './admin/vault-config-set';
import { vaultReindex } from './admin/vault-reindex';
import { attachmentList } from './attachments/attachment-list';
import { attachmentRead } from './attachments/attachment-read';
import { attachmentWrite } from './attachments/attachment-write';
import { baseQuery } from './bases/base-query';
import { canvasPatch } from './canvas/canvas-patch';
import { canvasRead } from './canvas/canvas-read';
import { canvasWrite } from './canvas/canvas-write';
import { commandList } from './app/command-list';
import { commandRun } from './app/command-run';
import { workspaceActive } from './app/workspace-active';
import { workspaceOpen } from './app/workspace-open';
import { linkBacklinks } from './links/link-backlinks';
import { linkForward } from './links/link-forward';
import { linkOrphans } from './links/link-orphans';
import { linkUnresolved } from './links/link-unresolved';
import { noteDaily } from './notes/note-daily';
import { noteDelete } from './notes/note-delete';
import { noteExists } from './notes/note-exists';
import { noteList } from './notes/note-list';
import { noteMove } from './notes/note-move';
import { noteOutline } from './notes/note-outline';
import { notePatch } from './notes/note-patch';
import { noteRead } from './notes/note-read';
import { noteReadMany } from './notes/note-read-many';
import { noteWrite } from './notes/note-write';
import type { Operation } from './operation';
import { tagList } from './tags/tag-list';
import { tagNotes } from './tags/tag-notes';
import { tagRename } from './tags/tag-rename';
import { vaultSearch } from './vault/vault-search';
import { vaultStatus } from './vault/vault-status';

/**
 * Every operation of the engine, in catalog order (read tools, then write tools, then admin tools,
 * as seed 000 §3 lists them). The CLI's commands are registered from a manifest of this list:
 * `npm run cli-manifest` after a change (docs/surface-mapping.md).
 */
export const ALL_OPERATIONS = [
  vaultStatus,
  noteRead,
  noteReadMany,
  noteList,
  noteOutline,
  noteExists,
  noteDaily,
  vaultSearch,
  linkBacklinks,
  linkForward,
  linkUnresolved,
  linkOrphans,
  tagList,
  tagNotes,
  canvasRead,
  baseQuery,
  attachmentList,
  attachmentRead,
  aiStatus,
  aiSummarize,
  aiAsk,
  aiToc,
  aiRelate,
  aiTag,
  aiMetadata,
  aiExtract,
  noteWrite,
  notePatch,
  noteDelete,
  noteMove,
  tagRename,
  canvasWrite,
  canvasPatch,
  attachmentWrite,
  vaultReindex,
  vaultConfigGet,
  vaultConfigSet,
  workspaceActive,
  workspaceOpen,
  commandList,
  commandRun,
] as unknown as readonly Operation[];
