/**
 * A note's heading outline and heading lookup, gathered in one import: `buildOutline` turns the
 * heading cache into entries with their ancestor path; `findHeading` resolves an agent's heading
 * reference to exactly one heading or fails with the candidates.
 */
export { buildOutline, type OutlineEntry } from './build-outline';
export { findHeading } from './find-heading';
