import { requestSchemaOf, type ChatBody } from '../../helpers/ai-surface';
import type { TempFiles } from '../../helpers/temp-vault';

/** A small vault for tagging: tagged project notes (one with a hand-made YAML style), an untagged meeting, a mixed-case tag, a private diary. */
export const TAG_FILES: TempFiles = {
  'Projects/Alpha.md': '---\n# kept by hand\ntitle: "Alpha"\ntags:\n- project\nstatus: active # live\n---\n# Alpha\n\nAlpha ships the sync engine. #inline-note\n\n## Risks\nThe deadline is tight.\n',
  'Projects/Beta.md': '---\ntags: [project, infra]\n---\n# Beta\n\nBeta is the storage layer.\n\n## Design\nLog-structured storage.\n',
  'Notes/Meeting.md': '# Meeting\n\n## Agenda\nReview the outage with the OnCall team.\n\n## Postmortem\nRoot cause: an expired certificate.\n',
  'Notes/Rota.md': '# Rota\n\nWho is #OnCall this week.\n',
  'Private/Diary.md': '---\ntags: [secret-diary-tag]\n---\n# Diary\n\nSECRET-DIARY-TEXT do not send.\n',
};

/** One tag as a scripted model reply writes it. */
export interface ReplyTag {
  tag: string;
  confidence: number;
  rationale?: string;
  evidence?: { path: string; anchor?: string | null; line?: number | null; end_line?: number | null; quote?: string | null }[];
}

/** A reply in the shape of ai_tag's JSON Schema. */
export function tagReply(notes: Record<string, ReplyTag[]>): { json: unknown } {
  return { json: { notes: Object.entries(notes).map(([path, tags]) => ({ path, tags: tags.map((tag) => ({ rationale: 'fits', evidence: [], ...tag })) })) } };
}

/** The JSON Schema ai_tag sends, as far as the tests read it. */
export interface TagReplySchema {
  properties: { notes: { items: { properties: { path: { enum: string[] }; tags: { items: { required: string[]; properties: { tag: { enum?: string[] } } } } } } } };
}

/** The JSON Schema of an ai_tag chat request (a body from `chatBodies`, or one given to onChat). */
export function replySchemaOf(body: ChatBody | undefined): TagReplySchema {
  return requestSchemaOf(body) as unknown as TagReplySchema;
}
