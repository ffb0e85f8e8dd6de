import type { AiWarning } from '../ai-schemas';
import type { MocGroup } from './moc-group';
import { toOneLine } from './to-one-line';

/** Topics as the model proposed them. */
export interface ProposedTopic {
  title: string;
  paths?: string[] | undefined;
}

/** The topics kept, the scope notes none of them took, and the warning about unknown paths. */
export interface TopicGrouping {
  groups: MocGroup[];
  leftover: string[];
  warnings: AiWarning[];
}

const MAX_TITLE_LENGTH = 120;

/**
 * Turns the model's topics into groups of scope notes: a path the scope does not hold (after
 * trying it with `.md` added) is dropped and reported once as `citation_invalid`, a note placed
 * twice stays in its first topic, topics left empty disappear, and the notes no topic took are
 * returned as `leftover` (in scope order) for the "Other" group.
 */
export function toTopicGroups(proposed: readonly ProposedTopic[], scope: readonly string[]): TopicGrouping {
  const known = new Set(scope);
  const placed = new Set<string>();
  const unknown: string[] = [];
  const groups: MocGroup[] = [];
  for (const topic of proposed) {
    const paths = (topic.paths ?? []).map((path) => (known.has(path) ? path : known.has(`${path}.md`) ? `${path}.md` : null));
    unknown.push(...(topic.paths ?? []).filter((_, index) => paths[index] === null));
    const fresh = [...new Set(paths.filter((path): path is string => path !== null && !placed.has(path)))];
    fresh.forEach((path) => placed.add(path));
    const title = toOneLine(topic.title).slice(0, MAX_TITLE_LENGTH) || 'Untitled topic';
    if (fresh.length > 0) groups.push({ key: title, title, paths: fresh });
  }
  return { groups, leftover: scope.filter((path) => !placed.has(path)), warnings: unknown.length === 0 ? [] : [unknownPathsWarning(unknown)] };
}

function unknownPathsWarning(paths: readonly string[]): AiWarning {
  return { code: 'citation_invalid', message: `The model placed ${paths.length} path(s) that are not notes of the scope into topics; they were dropped.`, details: { paths: [...new Set(paths)].slice(0, 50) } };
}
