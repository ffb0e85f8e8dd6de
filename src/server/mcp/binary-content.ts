import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Operation } from '../../core/ops/operation';
import { toVaultUri } from './vault-uris';

type ContentBlock = CallToolResult['content'][number];

/**
 * The content block carrying the bytes of an operation's binary output field (see
 * `BinaryField`): an image or audio block, which a model can take in as such, else the file as
 * an embedded `vault://` resource with a base64 blob. None for other operations.
 */
export function binaryContent(operation: Operation, output: unknown): ContentBlock[] {
  const binary = operation.binary;
  if (binary === undefined || !('output' in binary) || typeof output !== 'object' || output === null) return [];
  const fields = output as Record<string, unknown>;
  const [data, mimeType, path] = [fields[binary.output], fields[binary.mime], fields.path];
  if (typeof data !== 'string' || typeof mimeType !== 'string') return [];
  if (mimeType.startsWith('image/')) return [{ type: 'image', data, mimeType }];
  if (mimeType.startsWith('audio/')) return [{ type: 'audio', data, mimeType }];
  return typeof path === 'string' ? [{ type: 'resource', resource: { uri: toVaultUri(path), mimeType, blob: data } }] : [];
}
