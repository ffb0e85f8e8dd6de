/**
 * A provider-independent estimate of a text's tokens: about four characters each for English
 * prose, counted in code points so CJK text (closer to one token per character) is not
 * underestimated by more than the factor the limits already leave as headroom.
 */
export function estimateTokens(text: string): number {
  let wide = 0;
  let narrow = 0;
  for (const character of text) {
    if ((character.codePointAt(0) ?? 0) > 0x2e7f) wide += 1;
    else narrow += 1;
  }
  return wide + Math.ceil(narrow / 4);
}
