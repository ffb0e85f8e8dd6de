import { ERROR_CODES } from '../../src/core/errors';
import { EXIT_CODES } from '../../packages/indx-mcp/src/report-error';

describe('the CLI exit code table', () => {
  // A new engine error code must get a deliberate exit code, not fall through to 1 unnoticed.
  it('places every engine error code in exactly one row', () => {
    const placed = EXIT_CODES.flatMap((row) => row.codes);
    for (const code of ERROR_CODES) expect([code, placed.filter((candidate) => candidate === code).length]).toEqual([code, 1]);
  });
});
