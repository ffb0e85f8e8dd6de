import { IndxError } from '../errors';
import { ALL_OPERATIONS } from '../ops/all-operations';
import { profileNames, TOOL_PROFILES, type CustomProfiles, type ToolProfile } from './tool-profile-names';

/** Every tool name a limit may list. */
const KNOWN_TOOLS = ALL_OPERATIONS.map((operation) => operation.name);

// The profiles themselves live apart, so that help texts and the settings tab can name them
// without loading the operations (KNOWN_TOOLS above needs the whole registry).
export { PROFILE_NAMES, profileNames, TOOL_PROFILES, type CustomProfiles, type ToolProfile } from './tool-profile-names';

/**
 * The tool list a token is limited to: from `profile` (built-in, or one of the configuration's
 * `custom` profiles) or from an explicit `tools` list (names or a comma-separated string),
 * checked against the operations' names; undefined for no limit (`full`, or neither given). The list is
 * stored with the token: a later change of the configuration's profile leaves it alone. Throws
 * `invalid_input` for an unknown profile or tool, or both given.
 */
export function resolveToolLimit(choice: { profile?: string; tools?: string | readonly string[] }, custom: CustomProfiles = {}): string[] | undefined {
  if (choice.profile !== undefined && choice.tools !== undefined) throw new IndxError('invalid_input', 'Give a profile or a tool list, not both.', {});
  if (choice.tools !== undefined) return checkTools(typeof choice.tools === 'string' ? choice.tools.split(',') : [...choice.tools]);
  if (choice.profile === undefined) return undefined;
  if (Object.hasOwn(TOOL_PROFILES, choice.profile)) {
    const tools = TOOL_PROFILES[choice.profile as ToolProfile];
    return tools === null ? undefined : [...tools].sort();
  }
  const listed = Object.hasOwn(custom, choice.profile) ? custom[choice.profile] : undefined;
  if (listed === undefined) throw new IndxError('invalid_input', `Unknown profile "${choice.profile}". Choose from ${profileNames(custom).join(', ')} (more can be named in the configuration's access.tool_profiles), or list the tools.`, { profile: choice.profile, known: profileNames(custom) });
  return checkTools(listed);
}

function checkTools(names: readonly string[]): string[] {
  const tools = [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
  const unknown = tools.filter((name) => !KNOWN_TOOLS.includes(name));
  if (tools.length === 0 || unknown.length > 0) {
    const what = tools.length === 0 ? 'No tool was given' : `Unknown tool${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => `"${name}"`).join(', ')}`;
    throw new IndxError('invalid_input', `${what}. Tools are operation names such as note_read, vault_search (see "indx --help" or tools/list).`, { unknown, known: KNOWN_TOOLS });
  }
  return tools.sort();
}
