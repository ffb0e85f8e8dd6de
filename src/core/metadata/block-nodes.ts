import type { ContentLine } from './content-line';

/**
 * The block tree the metadata parser builds: just enough structure to reproduce Obsidian's
 * sections, headings, list items, blocks and the places where inline syntax is scanned.
 * Every `start`/`end` is an absolute offset; `end` is exclusive and never includes a line break.
 */
export type BlockNode =
  | ParagraphNode
  | HeadingNode
  | OpaqueNode
  | CommentNode
  | TableNode
  | QuoteNode
  | ListNode
  | FootnoteDefinitionNode;

/** Fields every block has. */
interface NodeSpan {
  start: number;
  end: number;
}

/** A paragraph: its content lines are scanned for inline syntax and a trailing `^id`. */
export interface ParagraphNode extends NodeSpan {
  kind: 'paragraph';
  lines: ContentLine[];
}

/** An ATX or setext heading; `textLines` hold the heading text to scan. */
export interface HeadingNode extends NodeSpan {
  kind: 'heading';
  level: number;
  text: string;
  textLines: ContentLine[];
}

/** A block whose content is never scanned: code, html, math, thematic break. */
export interface OpaqueNode extends NodeSpan {
  kind: 'code' | 'html' | 'math' | 'thematicBreak';
}

/** A `%% … %%` block comment; Obsidian still indexes tags and links inside it. */
export interface CommentNode extends NodeSpan {
  kind: 'comment';
  innerLines: ContentLine[];
}

/** A GFM table; each row except the delimiter row is scanned. */
export interface TableNode extends NodeSpan {
  kind: 'table';
  rows: ContentLine[];
}

/** A blockquote, or a callout when its first line starts with `[!type]`. */
export interface QuoteNode extends NodeSpan {
  kind: 'blockquote' | 'callout';
  children: BlockNode[];
}

/** A list: consecutive items with the same kind of marker. */
export interface ListNode extends NodeSpan {
  kind: 'list';
  items: ListItemNode[];
}

/** One list item; `end` may reach column 0 of the next line in loose lists (as Obsidian). */
export interface ListItemNode extends NodeSpan {
  line: number;
  task?: string;
  children: BlockNode[];
}

/** A footnote definition `[^id]: text`. */
export interface FootnoteDefinitionNode extends NodeSpan {
  kind: 'footnoteDefinition';
  id: string;
  children: BlockNode[];
}
