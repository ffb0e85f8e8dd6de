import { basenameOf, extensionOf } from '../../../core/vault/paths';
import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

interface OutlineOutput {
  path: string;
  outline: { heading: string; level: number; line: number }[];
}

/** One line of a table of contents; `line` is null for the synthetic title entry. */
interface TocEntry {
  level: number;
  title: string;
  line: number | null;
}

/**
 * `toc://vault/{+path}`: a note's table of contents from `note_outline`. As seed 003 specifies,
 * a synthetic level-1 entry with the note's title (its file name) comes first, unless the first
 * real heading is already that level-1 title (compared case-insensitively).
 */
export const tocVaultResource: ResourceProvider = {
  name: 'vault_toc',
  title: 'Table of contents',
  description: 'Headings of a note as [{level, title, line}], led by a level-1 entry with the note title (line null) unless the note starts with that H1, e.g. toc://vault/Projects/Plan.md.',
  mimeType: 'application/json',
  uriTemplate: 'toc://vault/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value, (path) => extensionOf(path) === 'md') },
  async read(uri, variables, engine, caller) {
    const { output } = await engine.call('note_outline', { path: pathFromUri(variables.path) }, caller);
    return jsonContent(uri, toToc(output as OutlineOutput));
  },
};

function toToc(outline: OutlineOutput): TocEntry[] {
  const title = basenameOf(outline.path);
  const entries = outline.outline.map((heading) => ({ level: heading.level, title: heading.heading, line: heading.line }));
  const first = entries[0];
  const startsWithTitle = first !== undefined && first.level === 1 && first.title.trim().toLowerCase() === title.toLowerCase();
  return startsWithTitle ? entries : [{ level: 1, title, line: null }, ...entries];
}
