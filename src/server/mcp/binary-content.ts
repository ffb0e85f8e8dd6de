import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Operation } from '../../core/ops/operation';
import { toVaultUri } from './vault-uris';

type ContentBlock = CallToolResult['content'][number];

/**
 * The image types model APIs take in as images (Anthropic's and OpenAI's vision inputs: PNG, JPEG,
 * GIF, WebP), up to a size they accept; any other image (SVG, BMP, AVIF, a large photo) goes as a
 * resource, which a client may pass on or not, instead of failing the model call.
 */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const MODEL_IMAGE_MAX_BASE64 = 5 * 1024 * 1024;

/**
 * The content block carrying the bytes of an operation's binary output field (see
 * `BinaryField`): an image block for an image a model can take in (see `MODEL_IMAGE_TYPES`), an
 * audio block for audio, else the file as an embedded `vault://` resource with a base64 blob.
 * None for other operations.
 */
export function binaryContent(operation: Operation, output: unknown): ContentBlock[] {
  const binary = operation.binary;
  if (binary === undefined || !('output' in binary) || typeof output !== 'object' || output === null) return [];
  const fields = output as Record<string, unknown>;
  const [data, mimeType, path] = [fields[binary.output], fields[binary.mime], fields.path];
  if (typeof data !== 'string' || typeof mimeType !== 'string') return [];
  if (MODEL_IMAGE_TYPES.has(mimeType) && data.length <= MODEL_IMAGE_MAX_BASE64) return [{ type: 'image', data, mimeType }];
  if (mimeType.startsWith('audio/')) return [{ type: 'audio', data, mimeType }];
  return typeof path === 'string' ? [{ type: 'resource', resource: { uri: toVaultUri(path), mimeType, blob: data } }] : [];
}
