import type { FakeElement } from './fake-element';
import type { Component } from './plugin';

/** Every render since the last `clearRenders()`: the markdown, where it went, and for which note. */
export const renderedMarkdown: { markdown: string; element: FakeElement; sourcePath: string }[] = [];

/** Test helper: forgets the renders so far. */
export function clearRenders(): void {
  renderedMarkdown.length = 0;
}

const WIKILINK = /\[\[([^\]|#]*)(#[^\]|]*)?(?:\|([^\]]*))?\]\]/g;

/**
 * Obsidian's `MarkdownRenderer.render` (obsidian.d.ts MarkdownRenderer.render: "Renders Markdown
 * string to an HTML element." and "The element to append to"), reduced (ASSUMED: enough for the
 * block structure plugins' output uses): appends to `element` a heading (`h1`–`h6`), a list item (`li`) or a paragraph (`p`) per
 * non-empty line, with wikilinks as `a.internal-link` elements (`data-href` the link target,
 * text the alias or the link as Obsidian shows it). The component owns the rendered children.
 */
export abstract class MarkdownRenderer {
  static render(_app: unknown, markdown: string, element: FakeElement, sourcePath: string, component: Component): Promise<void> {
    if (typeof (component as Partial<Component> | undefined)?.addChild !== 'function') throw new Error('fake obsidian: MarkdownRenderer.render needs a Component');
    renderedMarkdown.push({ markdown, element, sourcePath });
    for (const line of markdown.split('\n')) renderLine(element, line);
    return Promise.resolve();
  }
}

function renderLine(container: FakeElement, line: string): void {
  if (line.trim() === '') return;
  const heading = /^(#{1,6})\s+(.*)$/.exec(line);
  if (heading !== null) return renderInline(container.createEl(`h${(heading[1] as string).length}`), heading[2] as string);
  const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
  if (item !== null) return renderInline(container.createEl('li'), item[1] as string);
  renderInline(container.createEl('p'), line);
}

function renderInline(element: FakeElement, text: string): void {
  let last = 0;
  for (const match of text.matchAll(WIKILINK)) {
    if (match.index > last) element.createSpan({ text: text.slice(last, match.index) });
    const target = match[1] as string;
    const subpath = match[2] ?? '';
    const shown = match[3] ?? `${target}${subpath.replace(/^#/, ' > ')}`;
    element.createEl('a', { cls: 'internal-link', text: shown, attr: { 'data-href': `${target}${subpath}` } });
    last = match.index + match[0].length;
  }
  if (last < text.length) element.createSpan({ text: text.slice(last) });
}
