import type { Engine } from '../../../core/engine';
import { compareCodeUnits } from '../../../core/ops/compare';
import { extensionOf } from '../../../core/vault/paths';
import type { LinkMap } from '../../../core/vault/vault-host';
import { jsonContent } from './json-content';
import { requireReadScope } from './require-read-scope';
import type { ResourceProvider } from './resource-provider';

/** A file of the link graph. */
interface GraphNode {
  path: string;
  kind: 'note' | 'canvas' | 'base' | 'attachment';
}

/** Resolved links from one file to another, with how many there are. */
interface GraphEdge {
  source: string;
  target: string;
  count: number;
}

/**
 * `vault://graph`: the resolved link graph as JSON. Nodes are every note plus any other file
 * that is a link's source or target (canvases, attachments), sorted by path; edges are
 * Obsidian's `resolvedLinks` (self-links kept) sorted by source then target; `unresolved`
 * totals the links whose target does not exist.
 */
export const vaultGraphResource: ResourceProvider = {
  name: 'vault_graph',
  title: 'Link graph',
  description: 'The vault link graph: nodes (notes, plus canvases and attachments that take part in links), edges (resolved links with counts) and the number of unresolved links.',
  mimeType: 'application/json',
  uri: 'vault://graph',
  async read(uri, _variables, engine, caller) {
    requireReadScope(caller);
    return jsonContent(uri, buildGraph(engine));
  },
};

function buildGraph(engine: Engine): { nodes: GraphNode[]; edges: GraphEdge[]; unresolved: number } {
  const edges = toEdges(engine.host.resolvedLinks());
  const paths = new Set(engine.host.listFiles().map((file) => file.path).filter((path) => extensionOf(path) === 'md'));
  for (const edge of edges) paths.add(edge.source).add(edge.target);
  const nodes = [...paths].sort(compareCodeUnits).map((path) => ({ path, kind: kindOf(path) }));
  return { nodes, edges, unresolved: toEdges(engine.host.unresolvedLinks()).reduce((sum, edge) => sum + edge.count, 0) };
}

function toEdges(links: LinkMap): GraphEdge[] {
  return Object.entries(links)
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .flatMap(([source, targets]) => Object.entries(targets).sort(([a], [b]) => compareCodeUnits(a, b)).map(([target, count]) => ({ source, target, count })));
}

function kindOf(path: string): GraphNode['kind'] {
  const extension = extensionOf(path);
  if (extension === 'md') return 'note';
  return extension === 'canvas' || extension === 'base' ? extension : 'attachment';
}
