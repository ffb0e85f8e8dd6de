/**
 * A heading's trailing block id marker (` ^id`: spaces or tabs, a caret, then Latin letters,
 * digits or dashes at the very end). Obsidian keeps the marker in `HeadingCache.heading`, so
 * lookups may ignore it and renames re-append it.
 */
export const TRAILING_BLOCK_ID = /[ \t]+\^[A-Za-z0-9-]+$/;
