/**
 * The version of what `parseMetadata` produces. Metadata saved by a parser of another version is
 * never reused (the headless host's metadata cache re-parses those notes), so bump it with every
 * change to the parser's output. `tests/metadata/parser-version.test.ts` fails when the output
 * over the test fixtures changes while this number stays.
 */
export const METADATA_PARSER_VERSION = 1;
