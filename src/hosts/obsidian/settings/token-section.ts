import { requireApiVersion, type ButtonComponent, type Setting } from 'obsidian';
import type { CreatedToken, TokenSummary } from '../../../core/auth/token-store';
import { profileNames, type CustomProfiles } from '../../../core/auth/tool-profile-names';
import type { SettingRow, SettingSection } from './setting-section';
import { ACCESS_LEVELS, messageOf, type AccessLevel, type TabContext } from './tab-state';

/** What the profile picker shows for a profile: the built-in ones by name, the configuration's as they are named there. */
function profileLabel(profile: string): string {
  if (profile === 'full') return 'All tools';
  return profile === 'core' ? 'Core tools only' : `Profile "${profile}"`;
}

/** The tool profiles of the vault's configuration (`access.tool_profiles`), once it is read. */
function customProfiles(context: TabContext): CustomProfiles {
  return context.state.config?.access.tool_profiles ?? {};
}

/** Create a token (secret shown once, with a copy button), list tokens with their last use, revoke. */
export function tokenSection(context: TabContext): SettingSection {
  const created = context.state.created;
  return {
    heading: 'Access tokens',
    rows: [newTokenRow(context), ...(created === null ? [] : [createdTokenRow(context, created)]), ...tokenRows(context)],
  };
}

function newTokenRow(context: TabContext): SettingRow {
  const { draft } = context.state;
  return {
    name: 'New token',
    desc: 'Clients send a token with every request. Name it after the client that will use it. The core tools (search, read, outline, list, write, patch, links, tags) cost a model a third of the full catalog.',
    render: (setting) => {
      setting.addText((text) => text.setPlaceholder('Name, such as laptop-agent').setValue(draft.name).onChange((value) => (draft.name = value.trim())));
      setting.addDropdown((dropdown) => {
        for (const [level, { label }] of Object.entries(ACCESS_LEVELS)) dropdown.addOption(level, label);
        dropdown.setValue(draft.access).onChange((value) => (draft.access = value as AccessLevel));
      });
      setting.addDropdown((dropdown) => {
        for (const profile of profileNames(customProfiles(context))) dropdown.addOption(profile, profileLabel(profile));
        dropdown.setValue(draft.profile).onChange((value) => (draft.profile = value));
      });
      setting.addButton((button) => button.setButtonText('Create').setCta().onClick(() => void createToken(context)));
    },
  };
}

function createdTokenRow(context: TabContext, created: CreatedToken): SettingRow {
  return {
    name: `Token "${created.name}" created`,
    desc: 'Copy its secret now: it is shown only until this tab closes, and indx keeps only a hash of it.',
    render: (setting: Setting) => {
      setting.addText((text) => {
        text.setValue(created.token);
        // Read-only, not disabled: the secret can still be selected and copied by hand.
        text.inputEl.readOnly = true;
        text.inputEl.addClass('indx-token-secret');
      });
      setting.addButton((button) => button.setButtonText('Copy').onClick(() => void context.controls.copyText(created.token, `Copied the secret of "${created.name}".`)));
    },
  };
}

function tokenRows(context: TabContext): SettingRow[] {
  const { tokens, problem } = context.state;
  if (problem !== null) return [{ name: 'Tokens', desc: problem, render: () => undefined }];
  if (tokens === null) return [{ name: 'Tokens', desc: 'Loading…', render: () => undefined }];
  if (tokens.length === 0) return [{ name: 'Tokens', desc: 'No tokens yet: create one above.', render: () => undefined }];
  return tokens.map((token) => ({
    name: token.name,
    desc: describeToken(token),
    render: (setting: Setting) => {
          setting.addButton((button) => markDestructive(button.setButtonText('Revoke')).onClick(() => void revokeToken(context, token.name)));
        },
  }));
}

function markDestructive(button: ButtonComponent): ButtonComponent {
  if (requireApiVersion('1.13.0')) return button.setDestructive();
  button.buttonEl.addClass('mod-warning');
  return button;
}

function describeToken(token: TokenSummary): string {
  const lastUsed = token.last_used === null ? 'never used' : `last used ${formatTime(token.last_used)}`;
  const tools = token.tools === undefined ? '' : `; only ${token.tools.join(', ')}`;
  return `${token.scopes.join(', ')}${tools}; created ${formatTime(token.created)}; ${lastUsed}.`;
}

function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
}

async function createToken(context: TabContext): Promise<void> {
  const { controls, state } = context;
  if (state.draft.name === '') return controls.notify('Enter a name for the token first.');
  try {
    // Checking a profile's tools needs every operation's name: loaded when a token is made, not with the plugin.
    const { resolveToolLimit } = await import('../../../core/auth/tool-profiles');
    const tools = resolveToolLimit({ profile: state.draft.profile }, customProfiles(context));
    state.created = await controls.tokens.create(state.draft.name, [...ACCESS_LEVELS[state.draft.access].scopes], tools);
    state.draft.name = '';
  } catch (error: unknown) {
    controls.notify(messageOf(error));
  }
  context.reload();
}

async function revokeToken(context: TabContext, name: string): Promise<void> {
  try {
    await context.controls.tokens.revoke(name);
    if (context.state.created?.name === name) context.state.created = null;
    context.controls.notify(`Revoked "${name}": clients using it are refused from now on.`);
  } catch (error: unknown) {
    context.controls.notify(messageOf(error));
  }
  context.reload();
}
