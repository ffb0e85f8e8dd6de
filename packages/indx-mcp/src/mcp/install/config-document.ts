import type { EntryPlan } from '../../../../../src/server/clients/client-entries';
import type { ConfigLocation } from './client-targets';
import { parseJsonConfig } from './json-config';
import { parseTomlConfig } from './toml-config';

/** A parsed client configuration file: the `indx` entry it holds, and its text with that entry set or removed. */
export interface ConfigDocument {
  /** The current `indx` entry (any shape), or undefined when there is none. */
  readonly entry: unknown;
  /** True when the file declares every input of `plan` (VS Code's `inputs`, by id); always true without inputs. */
  declaresInputs(plan: EntryPlan): boolean;
  /** The file's text with the plan's entry as the `indx` server (and its inputs declared); every other key is kept. */
  withEntry(plan: EntryPlan): string;
  /** The file's text without the `indx` server; every other key is kept. */
  withoutEntry(): string;
}

/** Parses the text of a configuration file (empty when the file does not exist yet); `invalid_input` when it is malformed. */
export function parseConfigDocument(location: ConfigLocation, text: string): ConfigDocument {
  return location.format === 'toml' ? parseTomlConfig(text, location.path) : parseJsonConfig(text, location.path, location.serversKey);
}
