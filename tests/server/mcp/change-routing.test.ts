import { ResourceSubscriptions, MAX_SUBSCRIPTIONS } from '../../../src/server/mcp/resource-subscriptions';
import { toResourceChange } from '../../../src/server/mcp/resource-change';
import { affectedUrisOf, globFormsOf, toVaultUri } from '../../../src/server/mcp/vault-uris';

// Which notification a vault change produces, per subscription form. The modern era can only
// match exact URIs, so a change must be published under every glob form a client may use; the
// legacy era matches globs itself. Both must agree on what `vault://Daily/**` covers.

describe('toVaultUri', () => {
  test('percent-encodes each segment and keeps the slashes', () => {
    expect(toVaultUri('Daily/2026-11-21.md')).toBe('vault://Daily/2026-11-21.md');
    expect(toVaultUri('My Notes/a#b?.md')).toBe('vault://My%20Notes/a%23b%3F.md');
  });
});

describe('globFormsOf', () => {
  test('a nested note: the vault, every ancestor folder recursively, its parent one level', () => {
    expect(globFormsOf('Daily/Archive/2026-11-01.md')).toEqual(['vault://**', 'vault://Daily/**', 'vault://Daily/Archive/**', 'vault://Daily/Archive/*']);
  });

  test('a note at the root', () => {
    expect(globFormsOf('Home.md')).toEqual(['vault://**', 'vault://*']);
  });

  test('folder names are encoded as in resource URIs', () => {
    expect(globFormsOf('My Notes/a.md')).toEqual(['vault://**', 'vault://My%20Notes/**', 'vault://My%20Notes/*']);
  });
});

describe('toResourceChange', () => {
  test('modify changes one resource; create and delete also change the list; rename names both paths', () => {
    expect(toResourceChange({ type: 'modify', path: 'a.md' })).toEqual({ paths: ['a.md'], listChanged: false });
    expect(toResourceChange({ type: 'create', path: 'a.md' })).toEqual({ paths: ['a.md'], listChanged: true });
    expect(toResourceChange({ type: 'delete', path: 'a.md' })).toEqual({ paths: ['a.md'], listChanged: true });
    expect(toResourceChange({ type: 'rename', path: 'b.md', oldPath: 'a.md' })).toEqual({ paths: ['a.md', 'b.md'], listChanged: true });
  });

  test('metadata events are not announced again (their file event was)', () => {
    expect(toResourceChange({ type: 'metadata', path: 'a.md' })).toBeNull();
  });
});

describe('ResourceSubscriptions (legacy matching)', () => {
  function notified(subscribed: string[], paths: string[]): string[] {
    const subscriptions = new ResourceSubscriptions();
    for (const uri of subscribed) subscriptions.add(uri);
    const change = { paths, listChanged: false };
    return subscriptions.notificationsFor(change, affectedUrisOf(change)).sort();
  }

  test('a recursive glob announces every changed note below it, by the note URI', () => {
    expect(notified(['vault://Daily/**'], ['Daily/a.md', 'Daily/Archive/b.md', 'Projects/c.md'])).toEqual(['vault://Daily/Archive/b.md', 'vault://Daily/a.md']);
  });

  test('a one-level glob skips subfolders', () => {
    expect(notified(['vault://Daily/*'], ['Daily/Archive/b.md'])).toEqual([]);
    expect(notified(['vault://Daily/*'], ['Daily/a.md'])).toEqual(['vault://Daily/a.md']);
  });

  test('an exact URI is announced by itself, encoded or not', () => {
    expect(notified(['vault://Projects/Plan.md'], ['Projects/Plan.md'])).toEqual(['vault://Projects/Plan.md']);
    expect(notified(['vault://My%20Notes/a.md', 'vault://My Notes/a.md'], ['My Notes/a.md'])).toEqual(['vault://My Notes/a.md', 'vault://My%20Notes/a.md']);
    expect(notified(['vault://Projects/Plan.md'], ['Projects/Other.md'])).toEqual([]);
  });

  test('derived and vault-wide resources follow any change; search results too', () => {
    expect(notified(['vault://graph', 'stats://vault', 'vault://search?q=todo'], ['x.md'])).toEqual(['stats://vault', 'vault://graph', 'vault://search?q=todo']);
    expect(notified(['vault://graph/backlinks/x.md', 'vault://graph/backlinks/y.md'], ['x.md'])).toEqual(['vault://graph/backlinks/x.md']);
  });

  test('a note named like a reserved word is still a note', () => {
    expect(notified(['vault://search notes/a.md'], ['search notes/a.md'])).toEqual(['vault://search notes/a.md']);
    expect(notified(['vault://search notes/a.md'], ['b.md'])).toEqual([]);
  });

  test('unsubscribing stops the announcements; the number of subscriptions is bounded', () => {
    const subscriptions = new ResourceSubscriptions();
    subscriptions.add('vault://**');
    subscriptions.remove('vault://**');
    expect(subscriptions.notificationsFor({ paths: ['a.md'], listChanged: false }, new Set())).toEqual([]);
    for (let index = 0; index < MAX_SUBSCRIPTIONS; index += 1) subscriptions.add(`vault://n${index}.md`);
    subscriptions.add('vault://n0.md');
    expect(() => subscriptions.add('vault://one-more.md')).toThrow(/at most 256/);
  });
});
