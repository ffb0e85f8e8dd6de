/** The sentence telling a model which language to write in (default: that of the notes). */
export function languageInstruction(language: string | undefined): string {
  return language === undefined ? 'Write in the dominant language of the notes.' : `Write in the language with BCP 47 tag "${language}".`;
}
