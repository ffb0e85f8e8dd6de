import { aiResourceCall, readAiScope } from './ai-scope-uri';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

/**
 * `ai://summary/{scope}` (seed 002 §10.4): a live summary of the notes a scope selects, the
 * `ai_summarize` output for `{scope}` read through the engine (so scopes, AI globs, the cache and
 * the spend ceiling apply). `{scope}` is a URL-encoded JSON AiScope. Registered only while a chat
 * model is configured; a subscription is told when a note the summary read changes (see
 * `AiResourceWatch`).
 */
export const aiSummaryResource: ResourceProvider = {
  name: 'ai_summary',
  title: 'Live AI summary',
  description: 'A summary of the notes an AI scope selects (the ai_summarize output as JSON). The scope is URL-encoded JSON, e.g. ai://summary/%7B%22kind%22%3A%22glob%22%2C%22path_glob%22%3A%22Projects%2F**%22%7D for {"kind":"glob","path_glob":"Projects/**"}. Subscribe to be told when a note it read changes or a note enters or leaves the scope.',
  mimeType: 'application/json',
  uriTemplate: 'ai://summary/{+scope}',
  offered: (engine) => engine.offers('ai_summarize'),
  async read(uri, variables, engine, caller) {
    const scope = readAiScope(uri, variables.scope ?? '');
    const call = aiResourceCall('summary', scope);
    return jsonContent(uri, (await engine.call(call.operation, call.input, caller)).output);
  },
};
