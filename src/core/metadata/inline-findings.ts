/** A link or embed found in inline text, with note offsets (`end` exclusive). */
export interface FoundReference {
  embed: boolean;
  link: string;
  displayText: string;
  start: number;
  end: number;
}

/** A `#tag` found in inline text; `tag` keeps the `#` and the original case. */
export interface FoundTag {
  tag: string;
  start: number;
  end: number;
}

/** A footnote reference `[^id]`. */
export interface FoundFootnoteRef {
  id: string;
  start: number;
  end: number;
}

/** Everything the inline scanner reports, in document order. */
export interface InlineFindings {
  references: FoundReference[];
  tags: FoundTag[];
  footnoteRefs: FoundFootnoteRef[];
}

/** An empty set of findings to fill. */
export function createInlineFindings(): InlineFindings {
  return { references: [], tags: [], footnoteRefs: [] };
}
