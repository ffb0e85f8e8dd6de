import { readModelReply } from '../chat/read-model-reply';
import type { AiSession } from '../runtime/run-ai-call';
import { estimateTokens } from '../runtime/estimate-tokens';
import type { ReplyGrounding } from '../summarize/citation-check';
import { streamFieldDeltas } from '../summarize/field-delta-stream';
import { createAnswerJsonSchema } from './answer-json-schema';
import type { AskInput } from './ask-input-schema';
import type { AskOutput, RetrievedNote } from './ask-output-schema';
import { createAskSystemPrompt } from './ask-system-prompt';
import { fitHistory } from './fit-history';
import { groundAnswer } from './ground-answer';
import { modelAnswerSchema } from './model-answer';
import { renderEvidence, type EvidenceNote } from './render-evidence';
import { unsupportedAnswer, type GroundedAnswer } from './unsupported-answer';

/** An answer result before `runAiCall` adds usage and warnings. */
export type AnswerResult = Omit<AskOutput, 'usage' | 'warnings'>;

/** The most tokens of conversation history sent, at most a quarter of the prompt. */
const HISTORY_MAX_TOKENS = 4000;

/** Tokens kept free for the message's own words. */
const MESSAGE_OVERHEAD_TOKENS = 100;

/**
 * Produces an `ai_ask` result from retrieved evidence: no evidence gives the "I don't know"
 * answer without a model call; otherwise the model answers from the rendered evidence (history
 * first, trimmed to fit), streaming the `answer` field, and the reply is grounded
 * (`groundAnswer`); kept citations are streamed at the end.
 */
export async function produceAnswer(session: AiSession, evidence: readonly EvidenceNote[], retrieved: RetrievedNote[], input: AskInput, grounding: ReplyGrounding): Promise<AnswerResult> {
  const grounded = evidence.length === 0 ? unsupportedAnswer('No note allowed for AI matched the question.') : await answerFromEvidence(session, evidence, input, grounding);
  for (const warning of grounded.warnings) session.warn(warning);
  for (const citation of grounded.answer.citations) session.emit({ type: 'ai.citation', citation });
  return { ...grounded.answer, retrieved };
}

async function answerFromEvidence(session: AiSession, evidence: readonly EvidenceNote[], input: AskInput, grounding: ReplyGrounding): Promise<GroundedAnswer> {
  const cite = input.cite !== false;
  const system = createAskSystemPrompt({ ...input, cite });
  const history = fitHistory(input.history ?? [], Math.min(HISTORY_MAX_TOKENS, Math.floor(session.maxInputTokens / 4)));
  const question = `Question: ${input.question}`;
  const used = estimateTokens(system) + estimateTokens(question) + history.reduce((sum, turn) => sum + estimateTokens(turn.content), 0);
  const content = `Evidence notes:\n\n${renderEvidence(evidence, session.maxInputTokens - used - MESSAGE_OVERHEAD_TOKENS)}\n\n${question}`;
  const result = await session.chat({
    system,
    messages: [...history, { role: 'user', content }],
    json_schema: createAnswerJsonSchema(cite),
    schema_name: 'answer',
    ...(session.streaming ? { onPartial: streamFieldDeltas('answer', (event) => session.emit(event)) } : {}),
  });
  return groundAnswer(readModelReply(result, modelAnswerSchema, { operation: 'ai_ask', provider: grounding.provider }), grounding.verify, cite);
}
