// The plugin as one zip: a folder `indx/` holding the Obsidian release assets, so unpacking it
// into `<vault>/.obsidian/plugins/` installs the plugin. Byte-for-byte reproducible.
import { zipSync } from 'fflate';

/** The folder Obsidian loads the plugin from: `<vault>/.obsidian/plugins/<manifest id>/`. */
export const PLUGIN_FOLDER = 'indx';

// ZIP stores DOS local time and fflate reads the Date with local getters, so a Date built from
// local fields yields the same bytes in every time zone. 1980-01-01 is the earliest DOS date.
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

// Unix "regular file, rw-r--r--" in the external attributes (os 3 = Unix), so unzip keeps sane modes.
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

/**
 * Zips `files` (name → bytes) under `indx/`, sorted by name, with fixed times and modes: the
 * same inputs always give the same archive.
 */
export function zipPluginFolder(files) {
  const entries = {};
  for (const name of Object.keys(files).sort()) {
    entries[`${PLUGIN_FOLDER}/${name}`] = [files[name], { mtime: FIXED_MTIME, os: 3, attrs: FILE_ATTRIBUTES, level: 9 }];
  }
  return zipSync(entries);
}
