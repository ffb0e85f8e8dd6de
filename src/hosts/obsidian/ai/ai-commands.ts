import { Notice, type App, type Plugin } from 'obsidian';
import * as z from 'zod';
import { aiErrorMessage } from './ai-error-message';
import type { EngineAccess } from './engine-access';
import { MocModal } from './moc-modal';
import type { MocSource } from './moc-source';
import { MocSourceModal } from './moc-source-modal';
import { SummaryModal } from './summary-modal';

/** What the picker reads of `tag_list`'s output. */
const tagListSchema = z.object({ tags: z.array(z.object({ tag: z.string() })) });

/**
 * The AI commands, calling the plugin's engine directly (the HTTP server may be stopped). Each
 * shows in the palette only while the engine is open with a chat model configured (it offers
 * the operation), so an unconfigured vault never sees them and nothing is ever sent;
 * summarizing also needs a markdown note in the active view.
 */
export function registerAiCommands(plugin: Plugin, engine: EngineAccess): void {
  plugin.addCommand({
    id: 'ai-build-moc',
    name: 'AI: build MOC',
    checkCallback: (checking) => whenApplies(checking, engine.offers('ai_toc'), () => pickMocSource(plugin.app, engine)),
  });
  plugin.addCommand({
    id: 'ai-summarize-note',
    name: 'AI: summarize current note',
    checkCallback: (checking) => {
      const file = plugin.app.workspace.getActiveFile();
      if (file === null || file.extension !== 'md' || !engine.offers('ai_summarize')) return false;
      if (!checking) new SummaryModal(plugin.app, engine, file.path).open();
      return true;
    },
  });
}

/** Opens the folder-or-tag picker; the chosen source opens the MOC modal. */
async function pickMocSource(app: App, engine: EngineAccess): Promise<void> {
  try {
    const sources = [...folderSources(app), ...(await tagSources(engine))];
    new MocSourceModal(app, sources, (source) => new MocModal(app, engine, source).open()).open();
  } catch (error: unknown) {
    new Notice(aiErrorMessage(error));
  }
}

/** The vault's folders, the root (the whole vault) first, then by path. */
function folderSources(app: App): MocSource[] {
  const paths = app.vault.getAllFolders(true).map((folder) => (folder.isRoot() ? '' : folder.path));
  return paths.sort().map((path) => ({ kind: 'folder', path }));
}

/** The vault's tags as the engine indexes them (what a tag scope resolves against), sorted. */
async function tagSources(engine: EngineAccess): Promise<MocSource[]> {
  const { tags } = tagListSchema.parse(await engine.call('tag_list', {}));
  return tags.map(({ tag }) => ({ kind: 'tag', tag }));
}

function whenApplies(checking: boolean, applies: boolean, run: () => unknown): boolean {
  if (applies && !checking) void run();
  return applies;
}
