import type { AiWarning } from '../ai-schemas';
import { toObsidianListShape } from '../apply/to-obsidian-list-shape';
import { clampConfidence } from '../grounding/clamp-confidence';
import type { DroppedClaim } from '../grounding/grounding-tally';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import type { CitationCandidate } from '../grounding/verify-citations';
import type { VerifiedEvidence } from '../grounding/verify-evidence';
import { checkMetadataValue } from './check-metadata-value';
import type { MetadataFieldSpec } from './metadata-field-spec';
import type { MetadataFieldResult } from './metadata-output-schema';
import type { MetadataReplyField } from './metadata-reply-schema';

/** What settling one field decided. */
export interface SettledField {
  result: MetadataFieldResult;
  warnings: AiWarning[];
  /** True when the model's value failed validation (reported as `validation_failed` by an apply). */
  rejected: boolean;
  /** Present when the model made a valid claim: whether it kept a citation, and what was dropped if not. */
  claim?: { kept: boolean; dropped: DroppedClaim };
}

/** What settling needs besides the field: the note, the current value, and how to verify citations. */
export interface SettleContext {
  path: string;
  existing: unknown;
  cite: boolean;
  verify: (candidates: readonly CitationCandidate[]) => Promise<VerifiedEvidence>;
}

/**
 * Turns the model's answer for one field into the field's result, in the seed's order: the value
 * is checked and normalised (a failure drops it with `metadata_invalid`), its evidence verified
 * (under cite, a value left without a citation is dropped with `ungrounded_dropped`), the field's
 * default stands in when the model returned null, and a required field left without a value is
 * reported with `metadata_missing`. `tags`, `aliases` and `cssclasses` always come out as lists.
 */
export async function settleMetadataField(spec: MetadataFieldSpec, reply: MetadataReplyField | null | undefined, settle: SettleContext): Promise<SettledField> {
  const raw = reply?.value ?? null;
  const base = baseOf(reply, settle.existing);
  if (raw === null || raw === '') return withDefault(spec, settle, base);
  const checked = checkMetadataValue(spec, raw);
  if (!checked.ok) return finish(spec, settle, { ...base, value: null, evidence: [] }, [invalidWarning(spec, settle.path, checked.error)], { rejected: true });
  const evidence = await settle.verify(reply?.evidence ?? []);
  const kept = !settle.cite || evidence.citations.length > 0;
  const claim = { kept, dropped: { path: settle.path, item: spec.key, reasons: evidence.reasons } };
  if (!kept) return finish(spec, settle, { ...base, value: null, evidence: [] }, [ungroundedWarning(spec, settle.path, evidence.reasons)], { rejected: false, claim });
  return finish(spec, settle, { ...base, value: toObsidianListShape(spec.key, checked.value), evidence: evidence.citations }, [], { rejected: false, claim });
}

/** The parts of a field's result that do not depend on its value. */
function baseOf(reply: MetadataReplyField | null | undefined, existing: unknown): Omit<MetadataFieldResult, 'value' | 'evidence'> {
  const rationale = reply?.rationale;
  return { confidence: clampConfidence(reply?.confidence), ...(hasText(rationale) ? { rationale } : {}), ...(existing === undefined ? {} : { existing }) };
}

function withDefault(spec: MetadataFieldSpec, settle: SettleContext, base: Omit<MetadataFieldResult, 'value' | 'evidence'>): SettledField {
  const fallback = spec.default === undefined || spec.default === null ? null : checkMetadataValue(spec, spec.default);
  const value = fallback?.ok === true ? toObsidianListShape(spec.key, fallback.value) : null;
  const rationale = value === null ? base.rationale : 'The note does not state it; this is the field\'s default.';
  return finish(spec, settle, { ...base, ...(rationale === undefined ? {} : { rationale }), value, evidence: [] }, [], { rejected: false });
}

function finish(spec: MetadataFieldSpec, settle: SettleContext, result: MetadataFieldResult, warnings: AiWarning[], extra: Pick<SettledField, 'rejected' | 'claim'>): SettledField {
  const missing = result.value === null && spec.required === true ? [missingWarning(spec, settle.path)] : [];
  return { result, warnings: [...warnings, ...missing], ...extra };
}

function invalidWarning(spec: MetadataFieldSpec, path: string, reason: string): AiWarning {
  return { code: 'metadata_invalid', path, message: `The value the model gave for "${spec.key}" in "${path}" was dropped: ${reason}.`, details: { path, key: spec.key, reason } };
}

function ungroundedWarning(spec: MetadataFieldSpec, path: string, reasons: readonly string[]): AiWarning {
  return ungroundedDroppedWarning({ path, message: `The value the model gave for "${spec.key}" in "${path}" was dropped: none of its citations could be verified.`, details: { key: spec.key, reasons: [...reasons] } });
}

function missingWarning(spec: MetadataFieldSpec, path: string): AiWarning {
  return { code: 'metadata_missing', path, message: `The required field "${spec.key}" could not be extracted from "${path}" and has no value.`, details: { key: spec.key } };
}

function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
