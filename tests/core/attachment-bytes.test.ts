import fc from 'fast-check';
import { fromBase64, toBase64 } from '../../src/core/attachments/base64';
import { isAttachmentPath, mimeTypeOf, OBSIDIAN_ATTACHMENT_EXTENSIONS } from '../../src/core/attachments/file-types';

describe('base64 of attachment bytes', () => {
  it('encodes exactly as Node does, and decodes back to the same bytes, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(fromBase64(text)).toEqual(bytes);
      }),
      { seed: 20261117, numRuns: 200 },
    );
  });

  it('accepts missing padding and line breaks, refuses what is not base64', () => {
    expect([...(fromBase64('aGk') ?? [])]).toEqual([0x68, 0x69]);
    expect([...(fromBase64('aG\r\nk=') ?? [])]).toEqual([0x68, 0x69]);
    expect(fromBase64('')).toEqual(new Uint8Array());
    for (const bad of ['a', 'aGk==', 'aG=k', 'a-_b', 'aGk!', 'é===']) expect([bad, fromBase64(bad)]).toEqual([bad, null]);
  });
});

describe('file types', () => {
  it('treats every file but .md, .canvas and .base as an attachment, extensions compared as Obsidian does', () => {
    expect(['a.md', 'b.canvas', 'c.base'].map(isAttachmentPath)).toEqual([false, false, false]);
    expect(['pic.png', 'Note.MD', 'README', 'x.tar.gz'].map(isAttachmentPath)).toEqual([true, true, true, true]);
  });

  it('knows the MIME type of every format Obsidian accepts, case-insensitively, else application/octet-stream', () => {
    expect(OBSIDIAN_ATTACHMENT_EXTENSIONS.filter((extension) => mimeTypeOf(`f.${extension}`) === 'application/octet-stream')).toEqual([]);
    expect([mimeTypeOf('a/Photo.JPG'), mimeTypeOf('doc.pdf'), mimeTypeOf('x.svg'), mimeTypeOf('n.md'), mimeTypeOf('data.bin')]).toEqual(['image/jpeg', 'application/pdf', 'image/svg+xml', 'text/markdown', 'application/octet-stream']);
  });
});
