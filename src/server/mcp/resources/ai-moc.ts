import { aiResourceCall, readAiScope } from './ai-scope-uri';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

/**
 * `ai://moc/{scope}` (seed 002 §10.4): a live Map-of-Content of the notes a scope selects, the
 * `ai_toc` output for `{mode: "moc", scope}` read through the engine. `{scope}` is a
 * URL-encoded JSON AiScope (a glob or a tag, typically). Registered only while a chat model is
 * configured; a subscription is told when a listed note changes or a note enters or leaves the
 * scope (see `AiResourceWatch`).
 */
export const aiMocResource: ResourceProvider = {
  name: 'ai_moc',
  title: 'Live AI map of content',
  description: 'A Map-of-Content of the notes an AI scope selects (the ai_toc output with mode "moc", as JSON). The scope is URL-encoded JSON, e.g. ai://moc/%7B%22kind%22%3A%22tag%22%2C%22tag%22%3A%22project%22%7D for {"kind":"tag","tag":"project"}. Subscribe to be told when a listed note changes or a note enters or leaves the scope.',
  mimeType: 'application/json',
  uriTemplate: 'ai://moc/{+scope}',
  offered: (engine) => engine.offers('ai_toc'),
  async read(uri, variables, engine, caller) {
    const scope = readAiScope(uri, variables.scope ?? '');
    const call = aiResourceCall('moc', scope);
    return jsonContent(uri, (await engine.call(call.operation, call.input, caller)).output);
  },
};
