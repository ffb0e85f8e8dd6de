import { Setting, type SettingDefinitionItem } from 'obsidian';

/** One row of the settings tab: its name and description (also what settings search finds) and its controls. */
export interface SettingRow {
  name: string;
  desc?: string;
  render(setting: Setting): void;
}

/** A heading and the rows below it. */
export interface SettingSection {
  heading: string;
  rows: SettingRow[];
}

/**
 * The sections as Obsidian 1.13's declarative settings (groups of rendered rows), so they show
 * up in the app's settings search.
 */
export function toSettingDefinitions(sections: readonly SettingSection[]): SettingDefinitionItem[] {
  return sections.map((section) => ({
    type: 'group',
    heading: section.heading,
    items: section.rows.map((row) => ({ name: row.name, desc: row.desc, render: (setting: Setting) => renderRow(setting, row) })),
  }));
}

/** Renders the sections imperatively, for apps before 1.13 (which call `display()`). */
export function renderSections(container: HTMLElement, sections: readonly SettingSection[]): void {
  for (const section of sections) {
    new Setting(container).setName(section.heading).setHeading();
    for (const row of section.rows) renderRow(new Setting(container), row);
  }
}

function renderRow(setting: Setting, row: SettingRow): void {
  setting.setName(row.name);
  if (row.desc !== undefined) setting.setDesc(row.desc);
  row.render(setting);
}
