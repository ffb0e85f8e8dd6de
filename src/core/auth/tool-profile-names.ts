/**
 * Named tool profiles a token can be limited to (issue 13): the catalog, REST and the CLI then
 * offer only those tools. `full` is every tool (no limit). `core` is what an agent needs to work
 * in notes: find, read, outline, list, write and patch, and follow links and tags; 10 tools, a
 * catalog about a third of the full one.
 */
export const TOOL_PROFILES = {
  full: null,
  core: ['vault_search', 'note_read', 'note_outline', 'note_list', 'note_exists', 'note_write', 'note_patch', 'link_backlinks', 'tag_list', 'tag_notes'],
} as const satisfies Record<string, readonly string[] | null>;

/** A profile's name. */
export type ToolProfile = keyof typeof TOOL_PROFILES;

/** The profile names, for help texts and pickers. */
export const PROFILE_NAMES = Object.keys(TOOL_PROFILES) as ToolProfile[];

/** Profiles of the vault's configuration (`access.tool_profiles`): name → tool names. */
export type CustomProfiles = Readonly<Record<string, readonly string[]>>;

/** Every profile name: the built-in ones, then the configuration's (a built-in name wins). */
export function profileNames(custom: CustomProfiles = {}): string[] {
  return [...PROFILE_NAMES, ...Object.keys(custom).filter((name) => !Object.hasOwn(TOOL_PROFILES, name)).sort()];
}
