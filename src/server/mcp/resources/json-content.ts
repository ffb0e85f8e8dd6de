import type { ResourceContent } from './resource-provider';

/** The contents of a JSON resource: one pretty-printed text item with `application/json`. */
export function jsonContent(uri: string, value: unknown): ResourceContent[] {
  return [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }];
}
