import { toCanvasPath } from '../../src/core/canvas/canvas-path';
import { thrownIndxError } from '../markdown/thrown-indx-error';

describe('toCanvasPath', () => {
  it('keeps a path ending in .canvas and adds .canvas to a name without extension', () => {
    expect(toCanvasPath('Boards/Plan.canvas')).toBe('Boards/Plan.canvas');
    expect(toCanvasPath('Boards/Plan')).toBe('Boards/Plan.canvas');
    // A dot in a folder name is not an extension of the file.
    expect(toCanvasPath('v1.2/Plan')).toBe('v1.2/Plan.canvas');
    expect(toCanvasPath('Cafe\u0301/Plan')).toBe('Café/Plan.canvas');
  });

  // Obsidian opens a file as a canvas by its extension, exactly "canvas": "a.md.canvas" would be a new, empty canvas.
  it.each([
    ['a.md', 'md', 'a.md.canvas'],
    ['Boards/Plan.CANVAS', 'CANVAS', 'Boards/Plan.canvas'],
    ['Assets/sketch.png', 'png', 'Assets/sketch.png.canvas'],
    ['Plan v1.2', '2', 'Plan v1.2.canvas'],
  ])('refuses %s, whose extension is not .canvas, with invalid_path naming the path to pass instead', (input, extension, suggestion) => {
    const error = thrownIndxError(() => toCanvasPath(input));
    expect(error.code).toBe('invalid_path');
    expect(error.details).toEqual({ path: input, reason: `the extension is ".${extension}", not ".canvas"` });
    expect(error.message).toContain(`pass "${suggestion}"`);
  });

  it('still refuses what is never a vault path', () => {
    expect(thrownIndxError(() => toCanvasPath('../x')).code).toBe('invalid_path');
    expect(thrownIndxError(() => toCanvasPath('.obsidian/x')).code).toBe('path_forbidden');
  });
});
