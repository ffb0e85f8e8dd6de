import { relevanceOf } from '../../../src/server/mcp/ai-change-relevance';
import { readAiScope, splitAiResourceUri, toAiResourceUri } from '../../../src/server/mcp/resources/ai-scope-uri';
import { wantsEventStream } from '../../../src/server/rest/wants-event-stream';

// The small rules behind the streaming surfaces: when an Accept header asks for an event stream,
// how ai:// URIs carry their scope, and which vault changes can affect a live AI resource.

describe('wantsEventStream (RFC 9110 §12.5.1 preference between the two types indx answers with)', () => {
  it.each([
    [undefined, false],
    ['text/event-stream', true],
    ['TEXT/Event-Stream; charset=utf-8', true],
    ['application/json', false],
    ['*/*', false],
    ['application/json, text/event-stream', false],
    ['text/event-stream, application/json', true],
    ['application/json;q=0.5, text/event-stream', true],
    ['text/event-stream;q=0, application/json', false],
    ['text/event-stream;q=0.2, application/json;q=0.9', false],
    ['text/event-stream;q=oops', false],
  ])('%s → %s', (accept, expected) => {
    expect(wantsEventStream(accept)).toBe(expected);
  });
});

describe('ai:// scope URIs', () => {
  it('round-trips a scope through the URI, paths with spaces, slashes and unicode included', () => {
    const scope = { kind: 'paths' as const, paths: ['Projects/Näme with space.md', 'a/b/c.md'] };
    const uri = toAiResourceUri('summary', scope);
    expect(uri).toMatch(/^ai:\/\/summary\/%7B/);
    const parts = splitAiResourceUri(uri);
    expect(parts?.kind).toBe('summary');
    expect(readAiScope(uri, parts?.encoded ?? '')).toEqual(scope);
  });

  it('accepts the scope unencoded as well (what a client may send as typed) and names what is wrong otherwise', () => {
    expect(readAiScope('ai://moc/x', '{"kind":"tag","tag":"project"}')).toEqual({ kind: 'tag', tag: 'project' });
    expect(() => readAiScope('ai://moc/x', '{"kind":"glob"}')).toThrow(/scope\.path_glob/);
    expect(() => readAiScope('ai://moc/x', '[1')).toThrow(/not valid JSON/);
    expect(splitAiResourceUri('vault://Projects/Alpha.md')).toBeNull();
  });
});

describe('relevanceOf (which vault changes a live AI resource must follow)', () => {
  const read = new Set(['Projects/Alpha.md', 'Projects/Beta.md']);
  const modify = (path: string) => ({ paths: [path], listChanged: false });
  const create = (path: string) => ({ paths: [path], listChanged: true });

  it('is touched by a change to a note its last result read, whatever the scope', () => {
    expect(relevanceOf({ kind: 'glob', path_glob: 'Projects/**' }, read, modify('Projects/Alpha.md'))).toBe('touched');
    expect(relevanceOf({ kind: 'tag', tag: 'project' }, read, { paths: ['Old.md', 'Projects/Beta.md'], listChanged: true })).toBe('touched');
  });

  it('is touched by any note change while nothing is known of its result, and never by other files', () => {
    expect(relevanceOf({ kind: 'paths', paths: ['X.md'] }, null, modify('Y.md'))).toBe('touched');
    expect(relevanceOf({ kind: 'tag', tag: 'project' }, null, modify('Board.canvas'))).toBe('none');
  });

  it('weighs notes that may enter the scope by its kind', () => {
    expect(relevanceOf({ kind: 'paths', paths: ['Projects/Gamma.md'] }, read, create('Projects/Gamma.md'))).toBe('maybe');
    expect(relevanceOf({ kind: 'paths', paths: ['Projects/Gamma.md'] }, read, modify('Notes/Meeting.md'))).toBe('none');
    expect(relevanceOf({ kind: 'glob', path_glob: 'Projects/**' }, read, create('Projects/Gamma.md'))).toBe('maybe');
    // A glob gains notes only when files appear, vanish or move.
    expect(relevanceOf({ kind: 'glob', path_glob: 'Projects/**' }, read, modify('Projects/Gamma.md'))).toBe('none');
    expect(relevanceOf({ kind: 'glob', path_glob: 'Projects/**' }, read, create('Elsewhere/Gamma.md'))).toBe('none');
    // A tag or a query can change with any note edit; a note's links only when it links.
    expect(relevanceOf({ kind: 'tag', tag: 'project' }, read, modify('Notes/Meeting.md'))).toBe('maybe');
    expect(relevanceOf({ kind: 'query', q: 'sync' }, read, modify('Notes/Meeting.md'))).toBe('maybe');
    expect(relevanceOf({ kind: 'note', path: 'Projects/Alpha.md' }, new Set(['Projects/Alpha.md']), modify('Notes/Meeting.md'))).toBe('none');
    expect(relevanceOf({ kind: 'note', path: 'Projects/Alpha.md', include_linked: 1 }, new Set(['Projects/Alpha.md']), modify('Notes/Meeting.md'))).toBe('maybe');
  });
});
