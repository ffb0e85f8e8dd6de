import type { App as ObsidianApp } from 'obsidian';
import { makeTempVault, removeTempVault, type TempFiles } from '../helpers/temp-vault';
import { App, installAppGlobals, type AppOptions } from './fake/obsidian';
import type { FakeElement } from './fake/fake-element';
import { Setting, type BaseComponent } from './fake/setting';

/** A fake app over a temp copy of `files`; `dispose` closes it and removes the folder. */
export interface FakeVault {
  root: string;
  app: App;
  /** The same app, typed as the plugin code sees it. */
  obsidian: ObsidianApp;
  dispose(): Promise<void>;
}

/** Opens a fake app (layout ready) over a new temp vault holding `files`. */
export async function openFakeVault(files?: TempFiles, options: AppOptions & { layoutReady?: boolean } = {}): Promise<FakeVault> {
  installAppGlobals();
  const root = await makeTempVault(files);
  const app = await App.open(root, options);
  if (options.layoutReady !== false) app.workspace.setLayoutReady();
  return {
    root,
    app,
    obsidian: app as unknown as ObsidianApp,
    async dispose() {
      await app.close();
      await removeTempVault(root);
    },
  };
}

/** The rows drawn in `container`, as `Setting`s, in order. */
export function settingsIn(container: FakeElement): Setting[] {
  return container.descendants().flatMap((element) => (element.owner instanceof Setting ? [element.owner] : []));
}

/** The one row named `name` (headings excluded); fails with the names there are. */
export function settingNamed(container: FakeElement, name: string): Setting {
  const rows = settingsIn(container).filter((setting) => !setting.isHeading);
  const found = rows.filter((setting) => setting.nameEl.textContent === name);
  if (found.length !== 1) throw new Error(`expected one setting "${name}", found ${found.length} among: ${rows.map((setting) => setting.nameEl.textContent).join(', ')}`);
  return found[0] as Setting;
}

/** The row's component of class `type` (the first, or the `index`th). */
export function componentOf<T extends BaseComponent>(setting: Setting, type: abstract new (...args: never[]) => T, index = 0): T {
  const found = setting.components.filter((component): component is T => component instanceof type);
  const component = found[index];
  if (component === undefined) throw new Error(`setting "${setting.nameEl.textContent}" has no ${type.name} #${index}`);
  return component;
}

/** The heading texts drawn in `container`, in order. */
export function headingsIn(container: FakeElement): string[] {
  return settingsIn(container)
    .filter((setting) => setting.isHeading)
    .map((setting) => setting.nameEl.textContent);
}
