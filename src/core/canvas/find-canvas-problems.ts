import { BACKGROUND_STYLES, EDGE_ENDS, EDGE_SIDES, NODE_TYPES, isJsonObject, type CanvasNodeType, type JsonObject, type JsonValue } from './canvas-document';
import type { CanvasProblem } from './canvas-problem';

/** What a field must hold: a string, a non-empty string, a finite number, a size (above 0), a `#subpath`, a color, or one of a list. */
type FieldCheck = 'string' | 'non_empty' | 'number' | 'size' | 'subpath' | 'color' | readonly string[];

interface FieldRule {
  field: string;
  required: boolean;
  check: FieldCheck;
}

/** Where a problem is: a node or an edge, its id when known, its index. */
interface Place {
  kind: 'node' | 'edge';
  index: number;
  id?: string;
}

const required = (field: string, check: FieldCheck): FieldRule => ({ field, required: true, check });
const optional = (field: string, check: FieldCheck): FieldRule => ({ field, required: false, check });

// JSON Canvas 1.0 "Generic node": x, y, width and height are required, color optional. The spec
// says integer pixels and Obsidian writes whole numbers, but Obsidian reads fractions and other
// tools write them, so any finite number is accepted rather than blocking every edit of such a
// file. A width or height of zero or less is refused: Obsidian can neither draw nor grab the card.
const NODE_FIELDS: FieldRule[] = [required('x', 'number'), required('y', 'number'), required('width', 'size'), required('height', 'size'), optional('color', 'color')];

// JSON Canvas 1.0 and Obsidian's canvas.d.ts: a preset "1" (red) to "6" (purple), or a hex color
// "#RRGGBB" (Obsidian's color picker writes lowercase; either case is read).
const CANVAS_COLOR = /^(?:[1-6]|#[0-9a-fA-F]{6})$/;

const TYPE_FIELDS: Record<CanvasNodeType, FieldRule[]> = {
  text: [required('text', 'string')],
  file: [required('file', 'non_empty'), optional('subpath', 'subpath')],
  link: [required('url', 'string')],
  group: [optional('label', 'string'), optional('background', 'string'), optional('backgroundStyle', BACKGROUND_STYLES)],
};

const EDGE_FIELDS: FieldRule[] = [
  optional('fromSide', EDGE_SIDES),
  optional('toSide', EDGE_SIDES),
  optional('fromEnd', EDGE_ENDS),
  optional('toEnd', EDGE_ENDS),
  optional('color', 'color'),
  optional('label', 'string'),
];

/**
 * Checks a parsed canvas against JSON Canvas 1.0: `nodes` and `edges` are arrays of objects;
 * every node and edge has a unique id (a node and an edge may not share one either); nodes have
 * a known type, numeric geometry with sizes above 0 and their type's fields; edges join nodes
 * that exist and use valid sides and ends; colors are a preset ("1"–"6") or "#RRGGBB". Keys the
 * spec does not name are allowed. Returns every problem found, in document order; none means
 * valid.
 */
export function findCanvasProblems(root: JsonObject): CanvasProblem[] {
  const problems: CanvasProblem[] = [];
  const nodes = arrayField(root, 'nodes', problems);
  const edges = arrayField(root, 'edges', problems);
  const seen = new Set<string>();
  nodes.forEach((node, index) => problems.push(...itemProblems(node, { kind: 'node', index }, seen, nodeProblems)));
  const nodeIds = new Set(nodes.flatMap((node) => (isJsonObject(node) && typeof node.id === 'string' ? [node.id] : [])));
  edges.forEach((edge, index) => problems.push(...itemProblems(edge, { kind: 'edge', index }, seen, (object, place) => edgeProblems(object, place, nodeIds))));
  return problems;
}

function arrayField(root: JsonObject, field: 'nodes' | 'edges', problems: CanvasProblem[]): JsonValue[] {
  const value = root[field];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  problems.push({ code: 'wrong_type', kind: 'canvas', field, message: `"${field}" must be an array` });
  return [];
}

/** Checks one node or edge: an object with a unique string id, then what `check` adds. */
function itemProblems(item: JsonValue, at: Place, seen: Set<string>, check: (object: JsonObject, place: Place) => CanvasProblem[]): CanvasProblem[] {
  if (!isJsonObject(item)) return [{ code: 'wrong_type', kind: at.kind, index: at.index, message: `${at.kind}s[${at.index}] must be an object` }];
  const id = item.id;
  if (typeof id !== 'string' || id === '') return [problem(id === undefined ? 'missing_field' : 'wrong_type', at, 'id', 'needs an "id", a non-empty string'), ...check(item, at)];
  const place = { ...at, id };
  const duplicate = seen.has(id) ? [problem('duplicate_id', place, 'id', 'has an id already used by another node or edge; ids must be unique across nodes and edges')] : [];
  seen.add(id);
  return [...duplicate, ...check(item, place)];
}

function nodeProblems(node: JsonObject, place: Place): CanvasProblem[] {
  const type = node.type;
  if (type === undefined) return [problem('missing_field', place, 'type', `needs a "type" (${NODE_TYPES.join(', ')})`), ...fieldProblems(node, NODE_FIELDS, place)];
  if (typeof type !== 'string' || !(NODE_TYPES as readonly string[]).includes(type)) {
    return [problem('unknown_node_type', place, 'type', `has type ${JSON.stringify(type)}; JSON Canvas 1.0 knows ${NODE_TYPES.join(', ')}`), ...fieldProblems(node, NODE_FIELDS, place)];
  }
  return fieldProblems(node, [...NODE_FIELDS, ...TYPE_FIELDS[type as CanvasNodeType]], place);
}

function edgeProblems(edge: JsonObject, place: Place, nodeIds: ReadonlySet<string>): CanvasProblem[] {
  const ends = (['fromNode', 'toNode'] as const).flatMap((field) => {
    const value = edge[field];
    if (value === undefined) return [problem('missing_field', place, field, `needs "${field}", the id of a node`)];
    if (typeof value !== 'string') return [problem('wrong_type', place, field, `"${field}" must be a string (a node id)`)];
    return nodeIds.has(value) ? [] : [problem('dangling_edge', place, field, `"${field}" is "${value}", but there is no node with that id`)];
  });
  return [...ends, ...fieldProblems(edge, EDGE_FIELDS, place)];
}

function fieldProblems(object: JsonObject, rules: readonly FieldRule[], place: Place): CanvasProblem[] {
  return rules.flatMap((rule) => {
    const value = object[rule.field];
    if (value === undefined) return rule.required ? [problem('missing_field', place, rule.field, `needs "${rule.field}" (${describeCheck(rule.check)})`)] : [];
    return valueProblem(value, rule, place);
  });
}

function valueProblem(value: JsonValue, rule: FieldRule, place: Place): CanvasProblem[] {
  const { check, field } = rule;
  if (typeof check !== 'string') return typeof value === 'string' && check.includes(value) ? [] : [problem('invalid_value', place, field, `"${field}" is ${JSON.stringify(value)}; expected ${describeCheck(check)}`)];
  if (check === 'number' || check === 'size') return numberProblem(value, rule, place);
  if (typeof value !== 'string') return [problem('wrong_type', place, field, `"${field}" must be a string`)];
  if (check === 'color' && !CANVAS_COLOR.test(value)) return [problem('invalid_value', place, field, `"${field}" is ${JSON.stringify(value)}; expected ${describeCheck(check)}`)];
  if (check === 'non_empty' && value === '') return [problem('invalid_value', place, field, `"${field}" must not be empty`)];
  // Spec: a file node's subpath "always starts with a #".
  if (check === 'subpath' && !value.startsWith('#')) return [problem('invalid_value', place, field, `"${field}" must start with "#" (as in "#Heading" or "#^block")`)];
  return [];
}

function numberProblem(value: JsonValue, { check, field }: FieldRule, place: Place): CanvasProblem[] {
  if (typeof value !== 'number' || !Number.isFinite(value)) return [problem('wrong_type', place, field, `"${field}" must be a number`)];
  if (check === 'size' && value <= 0) return [problem('invalid_value', place, field, `"${field}" is ${value}; a ${field} must be greater than 0`)];
  return [];
}

const CHECK_NAMES: Record<Extract<FieldCheck, string>, string> = {
  string: 'a string',
  non_empty: 'a non-empty string',
  number: 'a number',
  size: 'a number greater than 0',
  subpath: 'a string starting with "#"',
  color: 'a preset color "1" to "6" or a hex color "#RRGGBB"',
};

function describeCheck(check: FieldCheck): string {
  return typeof check === 'string' ? CHECK_NAMES[check] : `one of ${check.join(', ')}`;
}

function problem(code: CanvasProblem['code'], place: Place, field: string, text: string): CanvasProblem {
  const name = place.id === undefined ? `${place.kind}s[${place.index}]` : `${place.kind} "${place.id}"`;
  return { code, kind: place.kind, ...(place.id === undefined ? {} : { id: place.id }), index: place.index, field, message: `${name}: ${text}` };
}
