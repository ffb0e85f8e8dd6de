import { FILE_METHOD_NAMES, METHOD_NAMES } from '../functions/call-method';
import { GLOBAL_FUNCTIONS } from '../functions/global-functions';
import { FILE_FIELDS } from '../vault/file-fields';
import type { ExpressionNode } from './ast';
import { childNodes } from './child-nodes';
import { referencedName } from './formula-references';
import { analyzeRegExp } from './regexp-hazard';

/** Something in an expression that must stop the query before any row is evaluated. */
export interface ExpressionProblem {
  /** `base_unsupported`: valid syntax naming what indx does not implement; `base_invalid`: a mistake. */
  code: 'base_unsupported' | 'base_invalid';
  /** The construct as written: `upper()`, `file.tasks`, `formula.total`. */
  construct: string;
  message: string;
  position: number;
}

/**
 * Checks an expression before it runs: every function and method must be one Bases documents
 * (and indx implements), every `file.x` a file property, every `formula.x` a formula of the
 * base, and every regular expression free of exponential backtracking (`analyzeRegExp`). So
 * an unknown or dangerous construct fails the query naming it, instead of failing rows or
 * hanging the process.
 */
export function checkExpression(node: ExpressionNode, formulaNames: ReadonlySet<string>): ExpressionProblem[] {
  const own = problemOf(node, formulaNames);
  return [...(own === null ? [] : [own]), ...checkedChildren(node).flatMap((child) => checkExpression(child, formulaNames))];
}

/** The children to check: in `formula.x` and `formula[...]` the `formula` name itself is fine. */
function checkedChildren(node: ExpressionNode): ExpressionNode[] {
  if ((node.type === 'member' || node.type === 'index') && node.object.type === 'identifier' && node.object.name === 'formula') {
    return node.type === 'index' ? [node.index] : [];
  }
  return childNodes(node);
}

function problemOf(node: ExpressionNode, formulaNames: ReadonlySet<string>): ExpressionProblem | null {
  switch (node.type) {
    case 'call':
      return callProblem(node);
    case 'member':
    case 'index':
      return formulaProblem(node, formulaNames) ?? fileFieldProblem(node);
    case 'identifier':
      return node.name === 'formula' ? invalid('formula', 'write formula.<name> to read a formula', node.start) : null;
    case 'literal':
      return node.value.kind === 'regexp' ? regExpProblem(node.value.source, node.value.flags, node.start) : null;
    default:
      return null;
  }
}

function callProblem(node: Extract<ExpressionNode, { type: 'call' }>): ExpressionProblem | null {
  if (node.receiver === null) {
    return Object.hasOwn(GLOBAL_FUNCTIONS, node.name) ? null : unsupported(`${node.name}()`, `the function ${node.name}() is not one Bases documents`, node.start);
  }
  if (!METHOD_NAMES.has(node.name)) return unsupported(`${node.name}()`, `the method .${node.name}() is not one Bases documents`, node.start);
  if (isFileIdentifier(node.receiver) && !FILE_METHOD_NAMES.has(node.name)) return unsupported(`file.${node.name}()`, `files have no method ${node.name}()`, node.start);
  return null;
}

function formulaProblem(node: Extract<ExpressionNode, { type: 'member' | 'index' }>, formulaNames: ReadonlySet<string>): ExpressionProblem | null {
  if (!(node.object.type === 'identifier' && node.object.name === 'formula')) return null;
  const name = referencedName(node);
  if (name === null) return unsupported('formula[...]', 'a formula name computed at run time is not supported; write formula.<name>', node.start);
  return formulaNames.has(name) ? null : invalid(`formula.${name}`, `the base defines no formula "${name}"`, node.start);
}

function fileFieldProblem(node: Extract<ExpressionNode, { type: 'member' | 'index' }>): ExpressionProblem | null {
  if (node.type !== 'member' || !isFileIdentifier(node.object) || FILE_FIELDS.includes(node.name)) return null;
  return unsupported(`file.${node.name}`, `file.${node.name} is not a file property (known: ${FILE_FIELDS.join(', ')})`, node.start);
}

function regExpProblem(source: string, flags: string, position: number): ExpressionProblem | null {
  const { hazard } = analyzeRegExp(source, flags);
  const construct = `/${source}/${flags}`;
  return hazard === null ? null : unsupported(construct, `the regular expression ${construct} could take exponential time to match: ${hazard}; write a simpler pattern`, position);
}

function isFileIdentifier(node: ExpressionNode): boolean {
  return node.type === 'identifier' && node.name === 'file';
}

function unsupported(construct: string, message: string, position: number): ExpressionProblem {
  return { code: 'base_unsupported', construct, message, position };
}

function invalid(construct: string, message: string, position: number): ExpressionProblem {
  return { code: 'base_invalid', construct, message, position };
}
