/** `count` followed by the singular or plural noun: `1 note`, `2 notes`, `3 canvases`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
