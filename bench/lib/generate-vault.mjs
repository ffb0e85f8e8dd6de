// Deterministic vault generator: N notes sampled from the real-note pool (each pool note once
// per round, rounds in seeded order), renamed into a folder tree, given frontmatter (tags,
// aliases, created date), tags and wikilinks to other generated notes. Same seed and size →
// byte-identical vault.
import YAML from 'yaml';
import { createRandom, deriveSeed } from './prng.mjs';

/** Bump when the generator's output changes, so cached vaults are rebuilt. */
export const GENERATOR_VERSION = 2;

const TOP_FOLDERS = ['Projects', 'Areas', 'Resources', 'Archive', 'Inbox', 'Reference', 'Journal', 'Work', 'Personal', 'Research'];
const TOPICS = ['ethereum', 'gaming', 'linux', 'docs', 'meeting', 'idea', 'reading', 'research', 'howto', 'security', 'design', 'writing', 'health', 'travel', 'finance', 'cooking', 'music', 'history', 'science', 'tools'];
const STATUSES = ['draft', 'active', 'done', 'someday'];
const TYPES = ['note', 'reference', 'log', 'spec', 'guide'];

/** Splits `---` frontmatter off a note: `{ data, raw, body }` (data is {} when absent or invalid). */
function splitFrontmatter(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { data: null, body: text };
  try {
    const data = YAML.parse(match[1], { logLevel: 'silent', uniqueKeys: false });
    const plain = data !== null && typeof data === 'object' && !Array.isArray(data);
    return { data: plain ? data : {}, body: text.slice(match[0].length) };
  } catch {
    return { data: {}, body: text.slice(match[0].length) };
  }
}

/** Existing frontmatter tags as a list of strings. */
function existingTags(data) {
  const value = data?.tags ?? data?.tag;
  if (typeof value === 'string') return value.split(/[,\s]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string' && item.length > 0);
  return [];
}

/** The folder a source note lands in: a top folder plus the source's own last folders. */
function folderFor(random, entry) {
  const parts = entry.source.split('/').slice(0, -1).map((part) => (part === 'pages' ? 'en' : part.replace(/^pages\./, '')));
  const tail = parts.length === 0 ? [entry.collection] : parts.slice(-2).map(noteName);
  return [random.pick(TOP_FOLDERS), ...tail].join('/');
}

/**
 * A file name Obsidian shows and links to: no leading dot (a hidden file), none of the characters
 * wikilinks or the file explorer refuse (`[ ] # ^ | \ : * " < > ?`).
 */
function noteName(sourceName) {
  const cleaned = sourceName.replace(/^\.+/, 'dot').replace(/[[\]#^|\\:*"<>?]/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned || 'Untitled';
}

/** Pass 1: which pool note each generated note copies, and its new unique path. */
function planNotes(random, pool, count) {
  const plans = [];
  const takenPaths = new Set();
  const nameCounts = new Map();
  for (let round = 0; plans.length < count; round++) {
    const order = createRandom(deriveSeed(random.below(2 ** 31), `round-${round}`)).shuffle(pool.map((_, index) => index));
    for (const poolIndex of order) {
      if (plans.length === count) break;
      const entry = pool[poolIndex];
      const folder = folderFor(random, entry);
      const baseName = noteName(entry.source.split('/').pop().replace(/\.md$/, ''));
      let name = baseName;
      for (let suffix = 1; takenPaths.has(`${folder}/${name}.md`.toLowerCase()); suffix++) name = `${baseName} ${suffix}`;
      takenPaths.add(`${folder}/${name}.md`.toLowerCase());
      nameCounts.set(name.toLowerCase(), (nameCounts.get(name.toLowerCase()) ?? 0) + 1);
      plans.push({ poolIndex, folder, name, path: `${folder}/${name}.md` });
    }
  }
  return { plans, nameCounts };
}

/** Link text that resolves to `plan`: its bare name when unique, else its path without `.md`. */
function linkTarget(plan, nameCounts) {
  return nameCounts.get(plan.name.toLowerCase()) === 1 ? plan.name : plan.path.slice(0, -3);
}

/** A random tag set for a note. */
function randomTags(random) {
  const tags = [];
  if (random.chance(0.6)) tags.push(`topic/${random.pick(TOPICS)}`);
  if (random.chance(0.35)) tags.push(`status/${random.pick(STATUSES)}`);
  if (random.chance(0.25)) tags.push(`type/${random.pick(TYPES)}`);
  return tags;
}

/** A `created` date between 2018 and 2025. */
function randomDate(random) {
  return new Date(Date.UTC(2018, 0, 1) + random.below(8 * 365) * 86400000).toISOString().slice(0, 10);
}

/** Pass 2: the markdown of note `index` and its text-only document form. */
function composeNote(random, pool, plans, nameCounts, index) {
  const plan = plans[index];
  const entry = pool[plan.poolIndex];
  const { data: sourceData, body: sourceBody } = splitFrontmatter(entry.text);
  const data = { ...(sourceData ?? {}) };
  const tags = [...new Set([...existingTags(sourceData), ...randomTags(random)])];
  const aliases = random.chance(0.2) ? [`${plan.name} (${entry.collection})`] : [];
  const withFrontmatter = sourceData !== null || random.chance(0.7);
  if (tags.length > 0) data.tags = tags;
  delete data.tag;
  if (aliases.length > 0) data.aliases = aliases;
  data.created = randomDate(random);
  const frontmatter = withFrontmatter ? `---\n${YAML.stringify(data, { lineWidth: 0 })}---\n` : '';
  const linkCount = random.below(6);
  const links = [];
  for (let link = 0; link < linkCount; link++) {
    const target = plans[random.below(plans.length)];
    if (target !== plan) links.push(random.chance(0.2) ? `[[${linkTarget(target, nameCounts)}|${target.name}]]` : `[[${linkTarget(target, nameCounts)}]]`);
  }
  const inlineTagName = random.chance(0.3) ? `${random.pick(TOPICS)}/${random.pick(TYPES)}` : null;
  const inlineTag = inlineTagName ? `\n\nFiled under #${inlineTagName}` : '';
  const related = links.length > 0 ? `\n\n## Related\n\n${links.map((link) => `- ${link}`).join('\n')}` : '';
  const body = `${sourceBody.trimEnd()}${inlineTag}${related}\n`;
  const title = typeof sourceData?.title === 'string' && sourceData.title.trim() ? sourceData.title.trim() : plan.name;
  const noteTags = [...(withFrontmatter ? tags : []), ...(inlineTagName ? [inlineTagName] : [])];
  return { id: index, path: plan.path, title, aliases, tags: [...new Set(noteTags)], frontmatter, body };
}

/**
 * Generates a vault of `count` notes from `pool` (see corpus-pool.mjs) with `seed`. Returns the
 * text-only documents `{ id, path, title, aliases, tags, frontmatter, body }`; a note's file
 * content is `frontmatter + body`.
 */
export function generateVault({ pool, count, seed }) {
  const random = createRandom(deriveSeed(seed, `vault-${count}`));
  const { plans, nameCounts } = planNotes(random, pool, count);
  return plans.map((_, index) => composeNote(random, pool, plans, nameCounts, index));
}
