/**
 * The configuration fields that decide where provider requests go and what they may cost: the
 * provider and address of the chat and embeddings roles (the operator's key is sent there) and
 * the spend ceiling and rates. Changing one of them through a token would let an agent route
 * the operator's key to a host of its choosing or lift the spending cap, so only the vault's own
 * user changes them: the plugin's settings tab, a local CLI run, or the file itself.
 */
export const PROVIDER_ROUTING_FIELDS: readonly (readonly string[])[] = [
  ['ai', 'provider'],
  ['ai', 'base_url'],
  ['ai', 'daily_cost_usd'],
  ['ai', 'pricing'],
  ['search', 'embeddings', 'provider'],
  ['search', 'embeddings', 'base_url'],
];

/** The routing fields whose value differs between two configurations, as dotted paths. */
export function changedRoutingFields(before: unknown, after: unknown): string[] {
  return PROVIDER_ROUTING_FIELDS.filter((path) => JSON.stringify(valueAt(before, path)) !== JSON.stringify(valueAt(after, path))).map((path) => path.join('.'));
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}
