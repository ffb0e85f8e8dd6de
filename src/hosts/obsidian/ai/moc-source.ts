import type { AiScope } from '../../../core/ai/ai-schemas';

/** What a map of content covers: the notes of a folder (the vault root is '') or of a tag. */
export type MocSource = { kind: 'folder'; path: string } | { kind: 'tag'; tag: string };

/** How the picker shows a source: `Projects/`, `/` for the whole vault, `#project`. */
export function describeMocSource(source: MocSource): string {
  if (source.kind === 'tag') return `#${source.tag}`;
  return `${source.path}/`;
}

/** The AI scope of a source: every note below the folder, or every note carrying the tag (or one nested below it). */
export function mocScopeOf(source: MocSource): AiScope {
  if (source.kind === 'tag') return { kind: 'tag', tag: source.tag };
  return { kind: 'glob', path_glob: source.path === '' ? '**' : `${source.path}/**` };
}

/** Where the map is written unless the user says otherwise: `<folder>/MOC.md`, or `MOC - <tag>.md` at the root. */
export function defaultMocPath(source: MocSource): string {
  if (source.kind === 'tag') return `MOC - ${source.tag.replace(/\//g, '-')}.md`;
  return source.path === '' ? 'MOC.md' : `${source.path}/MOC.md`;
}

/** The map's title unless the user says otherwise: the folder's name (`vaultName` for the root) or the tag. */
export function defaultMocTitle(source: MocSource, vaultName: string): string {
  if (source.kind === 'tag') return source.tag;
  return source.path === '' ? vaultName : (source.path.split('/').at(-1) ?? source.path);
}
