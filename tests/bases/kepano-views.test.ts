import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseBase } from '../../src/core/bases/base/parse-base';
import { runView } from '../../src/core/bases/base/run-view';
import { loadCanvasLinks } from '../../src/core/bases/vault/canvas-links';
import { createVaultSnapshot } from '../../src/core/bases/vault/vault-snapshot';
import { KEPANO_VAULT, openCorpusEngine, type CorpusEngine } from './helpers/corpus-engine';

// Every .base of Steph Ango's vault (data/corpora/kepano-vault/Templates/Bases) must parse
// and every view must evaluate, and the row sets of the views below are asserted against
// expectations written by hand from the notes' frontmatter (each test says how it was derived).
// The clock is pinned to 2023-10-01T00:00:00Z. "this" is the .base file unless a test names the
// embedding note, as Obsidian does for `![[X.base#View]]` in that note.

interface QueryOutput {
  total: number;
  matched: number;
  views: string[];
  columns: { id: string; name: string }[];
  rows: { path: string; values: Record<string, unknown>; formulas: Record<string, unknown> }[];
  problems: { count: number; listed: unknown[] };
}

const BASES = join(KEPANO_VAULT, 'Templates', 'Bases');
let corpus: CorpusEngine;

beforeAll(async () => {
  corpus = await openCorpusEngine(KEPANO_VAULT, () => Date.UTC(2023, 9, 1));
}, 60_000);
afterAll(async () => {
  await corpus.dispose();
});

async function query(base: string, view?: string, thisPath?: string): Promise<QueryOutput> {
  const input = { path: `Templates/Bases/${base}.base`, limit: 1000, ...(view === undefined ? {} : { view }), ...(thisPath === undefined ? {} : { this_path: thisPath }) };
  return (await corpus.engine.call('base_query', input)).output as QueryOutput;
}

async function rowsOf(base: string, view: string, thisPath?: string): Promise<string[]> {
  return (await query(base, view, thisPath)).rows.map((row) => row.path);
}

/** The rows of a view of base text that is not in the (read-only) vault, as base_query runs it. */
async function rowsOfText(text: string, viewName: string, thisPath: string): Promise<string[]> {
  const parsed = parseBase(text);
  if (!parsed.ok) throw parsed.error;
  const view = parsed.value.views.find((candidate) => candidate.name === viewName);
  if (view === undefined) throw new Error(`no view ${viewName}`);
  const snapshot = createVaultSnapshot(corpus.host, await loadCanvasLinks(corpus.host));
  const formulas = new Map([...parsed.value.formulas].map(([name, formula]) => [name, formula.node]));
  const context = { snapshot, now: Date.UTC(2023, 9, 1), random: () => 0.5, basePath: 'Templates/Bases/Daily.base', thisPath, formulas };
  return runView(parsed.value, view, context, { offset: 0, size: 1000 }).rows.map((row) => row.path);
}

describe('kepano-vault: every base parses and every view evaluates', () => {
  it('runs all 30 bases, every view, without base_unsupported or row errors', async () => {
    const files = (await readdir(BASES)).filter((name) => name.endsWith('.base')).sort();
    expect(files).toHaveLength(30);
    let views = 0;
    for (const file of files) {
      const base = file.replace(/\.base$/, '');
      for (const view of (await query(base)).views) {
        const output = await query(base, view);
        expect([file, view, output.problems]).toEqual([file, view, { count: 0, listed: [] }]);
        views += 1;
      }
    }
    expect(views).toBe(75); // `grep -c "^  - type:"` over the 30 files
  }, 60_000);

  it('runs every embedded view with `this` set to the note embedding it', async () => {
    const embeds: [string, string, string | undefined][] = [];
    for (const folder of ['Categories', 'Daily', 'Notes', 'References']) {
      for (const name of await readdir(join(KEPANO_VAULT, folder))) {
        const text = await readFile(join(KEPANO_VAULT, folder, name), 'utf8');
        for (const match of text.matchAll(/!\[\[([^\]#|]+)\.base(?:#([^\]|]+))?\]\]/g)) embeds.push([`${folder}/${name}`, match[1] ?? '', match[2]]);
      }
    }
    expect(embeds.length).toBeGreaterThan(25);
    for (const [note, base, view] of embeds) {
      const output = await query(base, view, note);
      expect([note, base, view, output.problems.count]).toEqual([note, base, view, 0]);
    }
  }, 60_000);
});

describe('kepano-vault: row sets written by hand from the frontmatter', () => {
  it('Albums / Albums', async () => {
    // categories contains [[Albums]]: References/Bass on Top.md and Templates/Album Template.md;
    // the template is dropped by !file.name.contains("Template").
    const output = await query('Albums', 'Albums');
    expect(output.rows).toEqual([
      { path: 'References/Bass on Top.md', values: { 'file.name': 'Bass on Top.md', 'note.artist': '[[Paul Chambers]]', 'note.rating': 7, 'note.year': 1957, 'note.genre': ['[[Jazz]]'] }, formulas: {} },
    ]);
    expect(output.columns.map((column) => column.name)).toEqual(['Album', 'Artist', 'Rating', 'Year', 'Genre']);
  });

  it('Albums / Artist, embedded in References/Paul Chambers.md', async () => {
    // list(artist).contains(this): only Bass on Top has artist "[[Paul Chambers]]".
    expect(await rowsOf('Albums', 'Artist', 'References/Paul Chambers.md')).toEqual(['References/Bass on Top.md']);
  });

  it('Books / Books', async () => {
    // categories contains [[Books]]: Out of Control, The Machine Stops (and the excluded Book
    // Template); sorted by file.name ascending.
    expect(await rowsOf('Books', 'Books')).toEqual(['References/Out of Control.md', 'References/The Machine Stops.md']);
  });

  it('Books / Author, embedded in References/Kevin Kelly.md', async () => {
    // Out of Control has author [[Kevin Kelly]]; The Machine Stops has [[E. M. Forster]].
    expect(await rowsOf('Books', 'Author', 'References/Kevin Kelly.md')).toEqual(['References/Out of Control.md']);
  });

  it('Clippings / Clippings', async () => {
    // categories contains [[Clippings]]: 68 Bits, Buy wisely, In good hands (Clippings/), the
    // Evergreen notes post (Notes/) and Brown butter nectarine tart (References/). Sorted by
    // created descending: Evergreen 2023-09-14; then 2023-09-12 (68 Bits, In good hands, Brown
    // butter: equal keys keep path order); Buy wisely has no created (it has clipped) and goes last.
    expect(await rowsOf('Clippings', 'Clippings')).toEqual([
      'Notes/Evergreen notes turn ideas into objects that you can manipulate.md',
      'Clippings/68 Bits of Unsolicited Advice.md',
      'Clippings/In good hands.md',
      'References/Brown butter nectarine tart.md',
      'Clippings/Buy wisely.md',
    ]);
  });

  it('Clippings / Author, embedded in References/Steph Ango.md', async () => {
    // author contains [[Steph Ango]]: Buy wisely, In good hands, the Evergreen post, Brown butter.
    // Sorted by clipped descending: only Buy wisely has one (2023-11-18); the rest keep path order.
    expect(await rowsOf('Clippings', 'Author', 'References/Steph Ango.md')).toEqual([
      'Clippings/Buy wisely.md',
      'Clippings/In good hands.md',
      'Notes/Evergreen notes turn ideas into objects that you can manipulate.md',
      'References/Brown butter nectarine tart.md',
    ]);
  });

  it('Daily / Daily notes, embedded in Daily/2023-09-12.md', async () => {
    // Any of: the name contains this.file.name, created/start/end as text contain it, or the note
    // links to the daily note. file.name keeps its extension ("2023-09-12.md", the Functions page:
    // file.basename is the name "without the file extension"), so only the daily note's own name
    // contains it and no created/start/end text ("2023-09-12") does; no note links to
    // Daily/2023-09-12; and the view drops the daily note itself (file.name != this.file.name).
    // This base was written for a file.name without ".md": under today's documented semantics it
    // lists nothing here.
    expect(await rowsOf('Daily', 'Daily notes', 'Daily/2023-09-12.md')).toEqual([]);
  });

  it('Daily / Daily notes: the same filters on file.basename find the notes of that day', async () => {
    // The Daily filters with this.file.basename ("2023-09-12"): the meeting note's name contains
    // it; created is 2023-09-12 for 68 Bits, In good hands, Bass on Top, Brown butter, Fushimi
    // Inari, Futurama, Kevin Kelly, Kyoto, Out of Control, Steph Ango and The Machine Stops; start
    // is 2023-09-12 for 2023 Japan Trip. Sorted by tags (only The Machine Stops has some), then
    // created descending (the meeting and the trip have none: last), then name.
    const base = (await readFile(join(KEPANO_VAULT, 'Templates/Bases/Daily.base'), 'utf8')).replaceAll('this.file.name', 'this.file.basename').replaceAll('file.name != ', 'file.basename != ');
    expect(await rowsOfText(base, 'Daily notes', 'Daily/2023-09-12.md')).toEqual([
      'References/The Machine Stops.md',
      'Clippings/68 Bits of Unsolicited Advice.md',
      'References/Bass on Top.md',
      'References/Brown butter nectarine tart.md',
      'References/Fushimi Inari.md',
      'References/Futurama.md',
      'Clippings/In good hands.md',
      'References/Kevin Kelly.md',
      'References/Kyoto.md',
      'References/Out of Control.md',
      'References/Steph Ango.md',
      'Notes/2023 Japan Trip.md',
      'Notes/2023-09-12 Meeting with Steph.md',
    ]);
  });

  it('Evergreen / Evergreen', async () => {
    // tags contains "0🌲": the Evergreen notes post and the Evergreen Template (excluded).
    expect(await rowsOf('Evergreen', 'Evergreen')).toEqual(['Notes/Evergreen notes turn ideas into objects that you can manipulate.md']);
  });

  it('Genre / Genre, embedded in References/Sci-fi.md', async () => {
    // genre contains [[Sci-fi]]: Blade Runner, Futurama, The Machine Stops; all rated 7, so the
    // second key decides: last descending, Blade Runner 2023-09-14 before the two 2023-09-12.
    expect(await rowsOf('Genre', 'Genre', 'References/Sci-fi.md')).toEqual(['References/Blade Runner.md', 'References/Futurama.md', 'References/The Machine Stops.md']);
  });

  it('Map / Location, embedded in References/Kyoto.md, with its formulas', async () => {
    // Places whose loc contains [[Kyoto]]: Fushimi Inari (Kyoto's own loc is [[Japan]]). Its first
    // type [[Parks]] is References/Parks.md, whose icon and color the formulas read.
    const output = await query('Map', 'Location', 'References/Kyoto.md');
    expect(output.rows).toEqual([{ path: 'References/Fushimi Inari.md', values: { 'file.name': 'Fushimi Inari.md' }, formulas: { Icon: 'trees', Color: 'green' } }]);
  });

  it('Meetings / Person, embedded in References/Steph Ango.md', async () => {
    // people contains [[Steph Ango]]: the 2023-09-12 meeting (the two meeting templates are excluded).
    expect(await rowsOf('Meetings', 'Person', 'References/Steph Ango.md')).toEqual(['Notes/2023-09-12 Meeting with Steph.md']);
  });

  it('Movies / Favorites and To-watch', async () => {
    // categories [[Movies]]: Blade Runner (rating 7 > 6, last 2023-09-14) and the Movie Template.
    expect(await rowsOf('Movies', 'Favorites')).toEqual(['References/Blade Runner.md']);
    expect(await rowsOf('Movies', 'To-watch')).toEqual([]); // Blade Runner has been seen and rated
  });

  it('People / All people, with the Age formula', async () => {
    // categories [[People]]: Kevin Kelly, Paul Chambers, Steph Ango (templates excluded); none has
    // a birthday, so Age ((now() - birthday).years.floor()) is null.
    const output = await query('People', 'All people');
    expect(output.rows.map((row) => [row.path, row.formulas.Age])).toEqual([
      ['References/Kevin Kelly.md', null],
      ['References/Paul Chambers.md', null],
      ['References/Steph Ango.md', null],
    ]);
  });

  it('Places / Places and Places / Type embedded in References/Parks.md', async () => {
    // categories [[Places]]: Fushimi Inari and Kyoto. Neither has last; type ascending puts
    // [[Cities]] (Kyoto) before [[Parks]] (Fushimi Inari).
    expect(await rowsOf('Places', 'Places')).toEqual(['References/Kyoto.md', 'References/Fushimi Inari.md']);
    // type contains [[Parks]] (References/Parks.md): Fushimi Inari only.
    expect(await rowsOf('Places', 'Type', 'References/Parks.md')).toEqual(['References/Fushimi Inari.md']);
  });

  it('Podcast episodes / Show, embedded in References/Well Made.md', async () => {
    // show is "[[Well Made]]" in Well Made 145 Kevin Kelly, the only episode.
    expect(await rowsOf('Podcast episodes', 'Show', 'References/Well Made.md')).toEqual(['References/Well Made 145 Kevin Kelly.md']);
  });

  it('Posts / All', async () => {
    // categories [[Posts]]: Buy wisely, In good hands, the Evergreen post (Post Template excluded);
    // published descending: 2023-09-29, 2023-08-06, 2022-09-16.
    expect(await rowsOf('Posts', 'All')).toEqual(['Clippings/Buy wisely.md', 'Clippings/In good hands.md', 'Notes/Evergreen notes turn ideas into objects that you can manipulate.md']);
  });

  it('Ratings / Recent, relative to the pinned clock', async () => {
    // rating > 0 and last later than 2023-10-01 minus 60 days (2023-08-02): Blade Runner
    // (2023-09-14), five notes last seen 2023-09-12, Catan (2023-09-01). Zelda's last is the link
    // [[2022-04]], not a date, so it does not compare; Bass on Top, Fushimi Inari, Kyoto have none.
    expect(await rowsOf('Ratings', 'Recent')).toEqual([
      'References/Blade Runner.md',
      'References/Brown butter nectarine tart.md',
      'References/Futurama.md',
      'References/Out of Control.md',
      'References/The Machine Stops.md',
      'References/Well Made 145 Kevin Kelly.md',
      'References/Catan.md',
    ]);
  });

  it('Shows / Last seen, written with the early not(empty(...)) functions', async () => {
    // categories [[Shows]]: Futurama (last 2023-09-12) and the Show Template.
    expect(await rowsOf('Shows', 'Last seen')).toEqual(['References/Futurama.md']);
  });

  it('Trips / All trips and Location embedded in References/Kyoto.md', async () => {
    // categories [[Trips]]: 2023 Japan Trip (loc [[Kyoto]], [[Japan]]) and the Trip Template.
    expect(await rowsOf('Trips', 'All trips')).toEqual(['Notes/2023 Japan Trip.md']);
    expect(await rowsOf('Trips', 'Location', 'References/Kyoto.md')).toEqual(['Notes/2023 Japan Trip.md']);
  });

  it('Templates / Table: file.path.contains("/Templates") matches only a path with a folder before Templates', async () => {
    // Vault paths have no leading slash, so Templates/*.md do not contain "/Templates"; only
    // Templates/Bases/Templates.base does.
    expect(await rowsOf('Templates', 'Table')).toEqual(['Templates/Bases/Templates.base']);
  });
});
