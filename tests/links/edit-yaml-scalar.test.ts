import { isScalar, parseDocument, visit, type Scalar } from 'yaml';
import { applyTextEdits } from '../../src/core/links/apply-text-edits';
import { editYamlScalar } from '../../src/core/links/edit-yaml-scalar';
import { toYamlScalarSource } from '../../src/core/links/yaml-scalar-source';

/** Replaces `from` by `to` inside the first scalar whose value contains `from`. */
function replaceIn(yaml: string, from: string, to: string): string {
  const document = parseDocument(yaml);
  let found: { node: Scalar; flow: boolean } | undefined;
  visit(document, {
    Scalar(_key, node, path) {
      if (found === undefined && String(node.source).includes(from)) found = { node, flow: path.some((ancestor) => 'flow' in ancestor && ancestor.flow === true) };
    },
  });
  if (found === undefined || !isScalar(found.node)) throw new Error('no scalar');
  const scalar = toYamlScalarSource(found.node, yaml, 0, found.flow);
  if (scalar === null) throw new Error('not editable');
  const index = scalar.value.indexOf(from);
  return applyTextEdits(yaml, [editYamlScalar(scalar, index, index + from.length, to)]).text;
}

describe('editYamlScalar', () => {
  it('edits plain, single- and double-quoted values in place', () => {
    expect(replaceIn('tags:\n  - alpha # note\n', 'alpha', 'beta')).toBe('tags:\n  - beta # note\n');
    expect(replaceIn("link: '[[a]]'\n", 'a', "Bob's")).toBe("link: '[[Bob''s]]'\n");
    expect(replaceIn('link: "[[a]]"\n', 'a', 'say "hi"')).toBe('link: "[[say \\"hi\\"]]"\n');
  });

  it('quotes a plain value that would stop reading as the same string', () => {
    expect(replaceIn('tags: [alpha, beta]\n', 'alpha', 'true')).toBe('tags: ["true", beta]\n');
    expect(replaceIn('tag: alpha\n', 'alpha', '1e5')).toBe('tag: "1e5"\n');
  });

  it('rewrites a value written with escapes whole, keeping its quote style', () => {
    expect(replaceIn('link: "[[\\u0061]] x"\n', 'a', 'b')).toBe('link: "[[b]] x"\n');
  });
});
