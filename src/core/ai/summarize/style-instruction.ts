/** The prose styles of AI outputs. */
export type ProseStyle = 'neutral' | 'bullets' | 'executive' | 'technical';

const INSTRUCTIONS: Record<ProseStyle, string> = {
  neutral: 'Write plain, neutral prose.',
  bullets: 'Write the text as a markdown bullet list.',
  executive: 'Write for a busy decision maker: outcomes, decisions and risks first, no detail they do not need.',
  technical: 'Write for an engineer: keep precise names, numbers, commands and interfaces.',
};

/** The sentence telling a model how to write in `style` (default neutral). */
export function styleInstruction(style: ProseStyle | undefined): string {
  return INSTRUCTIONS[style ?? 'neutral'];
}
