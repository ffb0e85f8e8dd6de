import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import { CHANGED_URI_META_KEY, publishModernChange } from '../../../src/server/mcp/publish-modern-change';
import { toResourceChange, type ResourceChange } from '../../../src/server/mcp/resource-change';
import { MAX_SUBSCRIPTIONS, ResourceSubscriptions } from '../../../src/server/mcp/resource-subscriptions';
import { toVaultUri } from '../../../src/server/mcp/vault-uris';

// Which notification a vault change produces, per subscription form. Both eras match a change
// against the subscribed URIs with one rule: a legacy session is told the changed note's URI for
// a glob; a modern stream (the SDK delivers only exact filter strings) gets its own filter string
// with the note's URI in _meta.

function subscriptionsOf(uris: string[]): ResourceSubscriptions {
  const subscriptions = new ResourceSubscriptions();
  for (const uri of uris) subscriptions.add(uri);
  return subscriptions;
}

function modify(...paths: string[]): ResourceChange {
  return { paths, listChanged: false };
}

/** The legacy notification URIs for a change to `paths`, sorted. */
function notified(subscribed: string[], paths: string[]): string[] {
  return subscriptionsOf(subscribed).notificationsFor(modify(...paths)).sort();
}

describe('toVaultUri', () => {
  test('percent-encodes each segment and keeps the slashes', () => {
    expect(toVaultUri('Daily/2026-11-21.md')).toBe('vault://Daily/2026-11-21.md');
    expect(toVaultUri('My Notes/a#b?.md')).toBe('vault://My%20Notes/a%23b%3F.md');
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

describe('ResourceSubscriptions (the one matching rule)', () => {
  test('a recursive glob announces every changed note below it, by the note URI', () => {
    expect(notified(['vault://Daily/**'], ['Daily/a.md', 'Daily/Archive/b.md', 'Projects/c.md'])).toEqual(['vault://Daily/Archive/b.md', 'vault://Daily/a.md']);
  });

  test('a one-level glob skips subfolders', () => {
    expect(notified(['vault://Daily/*'], ['Daily/Archive/b.md'])).toEqual([]);
    expect(notified(['vault://Daily/*'], ['Daily/a.md'])).toEqual(['vault://Daily/a.md']);
  });

  test('globs with an extension: vault://Daily/*.md and vault://**/*.md (root notes included)', () => {
    expect(notified(['vault://Daily/*.md'], ['Daily/a.md', 'Daily/Board.canvas', 'Daily/Archive/b.md'])).toEqual(['vault://Daily/a.md']);
    expect(notified(['vault://**/*.md'], ['Home.md', 'Daily/Archive/b.md', 'Board.canvas'])).toEqual(['vault://Daily/Archive/b.md', 'vault://Home.md']);
  });

  test('folder names with spaces match encoded or not, and are announced encoded', () => {
    expect(notified(['vault://My Folder/**'], ['My Folder/a b.md', 'My Folderx/c.md'])).toEqual(['vault://My%20Folder/a%20b.md']);
    expect(notified(['vault://My%20Folder/**'], ['My Folder/a b.md'])).toEqual(['vault://My%20Folder/a%20b.md']);
  });

  test('case variants of the scheme and of the path match (macOS and Windows fold case)', () => {
    expect(notified(['vault://daily/**'], ['Daily/a.md'])).toEqual(['vault://Daily/a.md']);
    expect(notified(['VAULT://Daily/*.MD'], ['Daily/a.md'])).toEqual(['vault://Daily/a.md']);
    expect(notified(['Vault://projects/plan.md'], ['Projects/Plan.md'])).toEqual(['Vault://projects/plan.md']);
  });

  test('an exact URI is announced by itself, encoded or not', () => {
    expect(notified(['vault://Projects/Plan.md'], ['Projects/Plan.md'])).toEqual(['vault://Projects/Plan.md']);
    expect(notified(['vault://My%20Notes/a.md', 'vault://My Notes/a.md'], ['My Notes/a.md'])).toEqual(['vault://My Notes/a.md', 'vault://My%20Notes/a.md']);
    expect(notified(['vault://Projects/Plan.md'], ['Projects/Other.md'])).toEqual([]);
  });

  test('a file named like a glob is matched by its own name', () => {
    expect(notified(['vault://Notes/[draft].md'], ['Notes/[draft].md'])).toEqual(['vault://Notes/%5Bdraft%5D.md']);
  });

  test('derived resources follow their file, encoded or not; vault-wide ones, property values and search follow any change', () => {
    expect(notified(['vault://graph', 'stats://vault', 'tags://vault/status', 'vault://search?q=todo'], ['x.md'])).toEqual(['stats://vault', 'tags://vault/status', 'vault://graph', 'vault://search?q=todo']);
    expect(notified(['vault://graph/backlinks/x.md', 'vault://graph/backlinks/y.md'], ['x.md'])).toEqual(['vault://graph/backlinks/x.md']);
    expect(notified(['toc://vault/My Notes/a.md', 'vault://graph/forward/My%20Notes/a.md'], ['My Notes/a.md'])).toEqual(['toc://vault/My Notes/a.md', 'vault://graph/forward/My%20Notes/a.md']);
    expect(notified(['toc://vault/Daily/**'], ['Daily/a.md'])).toEqual(['toc://vault/Daily/a.md']);
  });

  test('a canvas resource follows its file; a base result follows any change (its rows depend on every note)', () => {
    expect(notified(['vault://canvas/Boards/Plan.canvas', 'vault://canvas/Other.canvas'], ['Boards/Plan.canvas'])).toEqual(['vault://canvas/Boards/Plan.canvas']);
    expect(notified(['vault://base/Projects.base', 'vault://base/Books.base?view=Author'], ['Notes/any.md'])).toEqual(['vault://base/Books.base?view=Author', 'vault://base/Projects.base']);
  });

  test('a URI of no changing resource is accepted and never announced', () => {
    expect(notified(['config://vault', 'https://example.com/a.md', 'vault://'], ['a.md'])).toEqual([]);
  });

  test('a note named like a reserved word is still a note', () => {
    expect(notified(['vault://search notes/a.md'], ['search notes/a.md'])).toEqual(['vault://search notes/a.md']);
    expect(notified(['vault://search notes/a.md'], ['b.md'])).toEqual([]);
  });

  test('unsubscribing stops the announcements; the number of subscriptions is bounded', () => {
    const subscriptions = new ResourceSubscriptions();
    subscriptions.add('vault://**');
    subscriptions.remove('vault://**');
    expect(subscriptions.notificationsFor(modify('a.md'))).toEqual([]);
    for (let index = 0; index < MAX_SUBSCRIPTIONS; index += 1) subscriptions.add(`vault://n${index}.md`);
    subscriptions.add('vault://n0.md');
    expect(() => subscriptions.add('vault://one-more.md')).toThrow(/At most 256/);
  });
});

describe('publishModernChange', () => {
  function publishedBy(streams: string[][], change: ResourceChange): ServerEvent[] {
    const events: ServerEvent[] = [];
    const bus: ServerEventBus = { publish: (event) => void events.push(event), subscribe: () => () => undefined };
    publishModernChange(bus, change, streams.map(subscriptionsOf));
    return events;
  }

  test('each matching filter entry is published once, as the exact string the stream listed', () => {
    const events = publishedBy([['vault://Daily/*.md', 'vault://My Folder/**'], ['vault://Daily/*.md', 'vault://daily/**']], modify('Daily/a.md'));
    expect(events).toEqual([
      { kind: 'resource_updated', uri: 'vault://Daily/*.md', params: { _meta: { [CHANGED_URI_META_KEY]: 'vault://Daily/a.md' } } },
      { kind: 'resource_updated', uri: 'vault://daily/**', params: { _meta: { [CHANGED_URI_META_KEY]: 'vault://Daily/a.md' } } },
    ]);
  });

  test('vault-wide resources carry no changed URI; list changes are published for the list_changed filter', () => {
    expect(publishedBy([['vault://graph']], { paths: ['a.md', 'b.md'], listChanged: true })).toEqual([{ kind: 'resource_updated', uri: 'vault://graph' }, { kind: 'resources_list_changed' }]);
  });

  test('nothing is published for a change no stream listed', () => {
    expect(publishedBy([['vault://Projects/**'], []], modify('Daily/a.md'))).toEqual([]);
  });
});
