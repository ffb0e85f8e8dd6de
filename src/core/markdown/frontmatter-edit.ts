/**
 * Frontmatter editing, gathered in one import: set or delete one property, read the whole block,
 * replace it, or compose a new note. Each edit changes only the bytes of the properties it
 * touches.
 */
export { composeNote } from './compose-note';
export { deleteFrontmatterValue } from './delete-frontmatter-value';
export { readFrontmatter } from './read-frontmatter';
export { replaceFrontmatter, replaceFrontmatterSteps } from './replace-frontmatter';
export { setFrontmatterValue } from './set-frontmatter-value';
