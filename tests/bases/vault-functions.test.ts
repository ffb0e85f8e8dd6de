import { expectEvaluationError, expectValue, type ValueCase } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';
import { MemoryHost } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// file.*, link and File methods, `this` and formulas, against EXPRESSION_VAULT: Notes/Alpha.md
// (the row unless said otherwise) links [[Beta]] and [[Notes/Sub/Gamma|the gamma note]] in its
// body, has [[Beta]], [[Missing note]] and [[Notes/Sub/Gamma|G]] in frontmatter, embeds
// image.png and carries #inline/deep; Notes/Beta.md links back to Alpha.

let vault: ExpressionVault;
beforeAll(async () => {
  vault = await openExpressionVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('file properties (Bases syntax, File properties)', () => {
  it.each<ValueCase>([
    ['file.name', 'Alpha.md'], // "The name of this file", extension included (Functions, File fields)
    ['file.basename', 'Alpha'], // "without the file extension"
    ['file.path', 'Notes/Alpha.md'],
    ['file.folder', 'Notes'],
    ['file.ext', 'md'],
    ['file.size', 408],
    ['file.ctime.isType("date")', true],
    ['(file.mtime - file.ctime).isType("duration")', true],
    ['file.tags', ['project/alpha', 'Urgent', 'inline/deep']], // frontmatter first, then the body
    ['file.links', ['[[Beta]]', '[[Beta]]', '[[Missing note]]', '[[Notes/Sub/Gamma|G]]', '[[Beta]]', '[[Notes/Sub/Gamma|the gamma note]]']],
    ['file.embeds', ['[[image.png]]']],
    ['file.backlinks', ['[[Notes/Beta]]']],
    ['file.properties.rating', 7],
    ['file.file == file', true],
    ['note.status', 'done'],
    ['note["status"]', 'done'],
    ['status', 'done'], // a bare name is a note property
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each<[string, string, ValueCase[1]]>([
    ['Lonely.md', 'file.folder', '/'], // a root file's folder is "/"
    ['Lonely.md', 'file.size', 16],
    ['Lonely.md', 'file.properties', {}],
    ['Lonely.md', 'file.links', []],
    ['image.png', 'file.name', 'image.png'],
    ['image.png', 'file.basename', 'image'],
    ['image.png', 'file.ext', 'png'],
    ['image.png', 'file.backlinks', ['[[Notes/Alpha]]']],
    ['image.png', 'status', null], // not markdown: no note properties
    ['Notes/Sub/Gamma.md', 'file.folder', 'Notes/Sub'],
  ])('%s: %s', (row, source, expected) => expectValue(vault, source, expected, { row }));
});

describe('file methods', () => {
  it.each<ValueCase>([
    ['file.hasTag("project")', true], // nested: #project/alpha
    ['file.hasTag("#urgent")', true], // case and # ignored
    ['file.hasTag("inline")', true], // body tags count
    ['file.hasTag("proj")', false],
    ['file.hasTag("x", "project/alpha")', true], // any of the tags
    ['file.hasLink("Beta")', true],
    ['file.hasLink(link("Notes/Sub/Gamma"))', true],
    ['file.hasLink(file("Notes/Beta.md"))', true],
    ['file.hasLink("Missing note")', true], // unresolved links count
    ['file.hasLink("image.png")', true], // embeds count
    ['file.hasLink("Lonely")', false],
    ['file.hasProperty("status")', true],
    ['file.hasProperty("nothing")', true], // present, even if empty
    ['file.hasProperty("absent")', false],
    ['file.inFolder("Notes")', true],
    ['file.inFolder("Notes/Sub")', false],
    ['file.inFolder("Note")', false], // whole folder names only
    ['file.inFolder("/")', true],
    ['file.asLink()', '[[Notes/Alpha]]'],
    ['file.asLink("A")', '[[Notes/Alpha|A]]'],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it('inFolder includes sub-folders', () => expectValue(vault, 'file.inFolder("Notes")', true, { row: 'Notes/Sub/Gamma.md' }));
});

describe('links (Bases syntax, Files and links; Functions, Link)', () => {
  it.each<ValueCase>([
    ['author', '[[Beta]]'],
    ['author.asFile()', 'Notes/Beta.md'],
    ['link("Missing note").asFile()', null],
    ['author.linksTo(file)', true], // Beta links to Alpha
    ['author.linksTo(file("Lonely.md"))', false],
    ['author == link("Beta")', true],
    ['author == link("Notes/Beta.md")', true], // same file, other text
    ['author == link("Beta", "shown differently")', true], // display text does not matter
    ['author == file("Notes/Beta.md")', true],
    ['author == "Beta"', true],
    ['author == "[[Beta]]"', true],
    ['author == "Alpha"', false],
    ['link("Missing note") == link("Missing note")', true],
    ['link("Missing note") == link("Other missing")', false],
    ['author.lower()', 'beta'], // a link is also a string
    ['author.length', 4],
    ['related[1].contains("Missing")', true],
    ['related.map(value.asFile())', ['Notes/Beta.md', null, 'Notes/Sub/Gamma.md']],
  ])('%s', (source, expected) => expectValue(vault, source, expected));
});

describe('this (Bases syntax, Access properties with this)', () => {
  it('is the base file itself by default', () => {
    expectValue(vault, 'this.file.name', 'Test.base');
    expectValue(vault, 'this.related', null);
    expectValue(vault, 'file.hasLink(this)', false);
  });

  it('is the embedding note when one is given, with its note properties', () => {
    const options = { thisPath: 'Notes/Beta.md' };
    expectValue(vault, 'this.file.name', 'Beta.md', options);
    expectValue(vault, 'this.categories', ['[[Alpha]]'], options);
    expectValue(vault, 'this.categories.contains(file)', true, options); // links compare with files
    expectValue(vault, 'file.hasLink(this)', true, options); // the backlinks idiom
    expectValue(vault, 'this.file.hasLink(file)', true, options);
    expectValue(vault, 'author == this', true, options); // "author == this"
    expectValue(vault, 'list(author).contains(this)', true, options);
  });
});

describe('this.x reads the embedding note\'s properties, as x does for a row', () => {
  // "this points to properties of the embedding file": this.file is the file (this.file.name),
  // this.x and this.note.x its frontmatter; a property named like a file field (name, tags,
  // links, path) is that property, not the field.
  const files = {
    'Embed.md': { frontmatter: { name: 'Custom name', tags: ['from-frontmatter'], links: 'manual', 'cover-image': 'c.png' } },
    'Row.md': { frontmatter: { name: 'Row name' } },
  };

  it.each([
    ['this.name', 'Custom name'],
    ['this.note.name', 'Custom name'],
    ['this["name"]', 'Custom name'],
    ['this.tags', ['from-frontmatter']],
    ['this.links', 'manual'],
    ['this.path', null], // no such property
    ['this.file.name', 'Embed.md'],
    ['this.file.path', 'Embed.md'],
    ['name', 'Row name'], // the row's own property
    ['file.name', 'Row.md'],
    ['image(this.cover-image)', 'c.png'], // a hyphenated property, as the functions page writes image(image-property)
  ])('%s', async (expression, expected) => {
    const result = await runBase(new MemoryHost(files), `filters: file.path == "Row.md"\nformulas:\n  x: '${expression}'\n`, { thisPath: 'Embed.md' });
    expect([expression, result.rows[0]?.formulas.x]).toEqual([expression, expected]);
  });
});

describe('formulas', () => {
  const formulas = { total: 'price * 2', label: 'formula.total + " units"', loop: 'formula.other', other: 'formula.loop' };

  it('reads other formulas, computed once per row', () => {
    expectValue(vault, 'formula.label', '25 units', { formulas });
    expectValue(vault, 'formula["total"] + formula.total', 50, { formulas });
  });

  it('stops a formula that reaches itself through another', () => {
    expectEvaluationError(vault, 'formula.loop', 'refers to itself', { formulas });
  });
});
