/**
 * A faithful fake of the `obsidian` module for tests, on a real temp folder (FIDELITY.md lists
 * what each behaviour follows: obsidian.d.ts, a capture of the real app, or a named assumption): the vault is the
 * Node host (atomic writes, our Obsidian-compatible parser) dressed in Obsidian's objects and
 * events, with the app's timing where it matters (the metadata cache indexes after a write;
 * events fire before the write resolves). Map `require('obsidian')` to this module
 * (`jest.mock('obsidian', () => jest.requireActual('…/fake/obsidian'), { virtual: true })`) and
 * call {@link installAppGlobals} first: the app's renderer has `window` and a clipboard.
 */
import { getApiVersion } from './api-version';
import globalObject from './global-object';

export { App, Commands, SecretStorage, SettingsWindow, type AppOptions } from './app';
export { Editor, MarkdownView, Workspace, WorkspaceLeaf, type EditorPosition, type EditorSelection, type OpenedFile, type OpenedLink } from './workspace';
export { requireApiVersion, setApiVersion } from './api-version';
export { Events, type EventRef } from './events';
export { FakeElement } from './fake-element';
export { FileManager } from './file-manager';
export { prepareFuzzySearch, type SearchResult } from './fuzzy-search';
export { clearRenders, MarkdownRenderer, renderedMarkdown } from './markdown-renderer';
export { normalizePath, TAbstractFile, TFile, TFolder, type FileStats } from './files';
export { MetadataCache } from './metadata-cache';
export { FuzzySuggestModal, Modal, openModals, SuggestModal, type FuzzyMatch } from './modal';
export { clearNotices, Notice, shownNotices } from './notice';
export { Component, Plugin, type Command, type PluginManifest } from './plugin';
export { requestLog, requestUrl, type RequestUrlParam, type RequestUrlResponse } from './request-url';
export { BaseComponent, ButtonComponent, DropdownComponent, ExtraButtonComponent, ProgressBarComponent, Setting, TextAreaComponent, TextComponent, ToggleComponent } from './setting';
export { PluginSettingTab, SettingTab } from './setting-tab';
export { FileSystemAdapter, Vault } from './vault';

/** Obsidian's `apiVersion` at the time this module was loaded (use `requireApiVersion` for checks). */
export const apiVersion = getApiVersion();

/** What the fake clipboard received, newest last. */
export const clipboardWrites: string[] = [];

/**
 * Gives this test's global scope what the app's renderer has and plugins use: `window` (the
 * global itself, as in Electron) for timers, and `navigator.clipboard`, recording writes.
 */
export function installAppGlobals(): void {
  const scope = globalObject();
  scope.window ??= scope;
  const clipboard = { writeText: (text: string) => Promise.resolve(void clipboardWrites.push(text)) };
  Object.defineProperty(scope, 'navigator', { value: { clipboard }, configurable: true, writable: true });
}
