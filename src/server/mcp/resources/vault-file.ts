import type { Caller, Engine } from '../../../core/engine';
import { toBase64 } from '../../../core/attachments/base64';
import { isAttachmentPath, mimeTypeOf } from '../../../core/attachments/file-types';
import { readAttachment } from '../../../core/attachments/read-attachment';
import { readVaultConfig } from '../../../core/config/vault-config';
import { IndxError } from '../../../core/errors';
import { compareCodeUnits } from '../../../core/ops/compare';
import { basenameOf } from '../../../core/vault/paths';
import { toVaultUri } from '../vault-uris';
import { completePaths } from './complete-paths';
import { requireReadScope } from './require-read-scope';
import type { ResourceContent, ResourceListing, ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/**
 * `vault://{+path}`: any file of the vault. A note (`text/markdown`), canvas
 * (`application/json`) or base (`text/yaml`) is its exact text on disk; an attachment is its
 * bytes as a base64 `blob` with the MIME type of its extension, up to `attachments.max_bytes`
 * (a bigger file fails with `file_too_large`, as `attachment_read` does). Register it
 * after every other `vault://` template, which it would otherwise shadow.
 */
export const vaultFileResource: ResourceProvider = {
  name: 'vault_file',
  title: 'Vault file',
  description: 'A file of the vault by its vault-relative path, e.g. vault://Projects/Plan.md. Notes, canvases and bases as their text (frontmatter included); attachments (images, PDFs…) as a base64 blob. Path segments are percent-encoded.',
  mimeType: 'text/markdown',
  uriTemplate: 'vault://{+path}',
  async list(engine, caller) {
    return listFiles(engine, caller);
  },
  complete: { path: (value, engine) => completePaths(engine, value) },
  async read(uri, variables, engine, caller) {
    return readVaultFile(uri, pathFromUri(variables.path), engine, caller);
  },
};

function listFiles(engine: Engine, caller: Caller): ResourceListing[] {
  requireReadScope(caller);
  return engine.host
    .listFiles()
    .map((file) => file.path)
    .sort(compareCodeUnits)
    .map((path) => ({ uri: toVaultUri(path), name: path, title: basenameOf(path), mimeType: mimeTypeOf(path) }));
}

async function readVaultFile(uri: string, path: string, engine: Engine, caller: Caller): Promise<ResourceContent[]> {
  requireReadScope(caller);
  if (isAttachmentPath(path)) {
    const bytes = await readAttachment(engine.host, path, (await readVaultConfig(engine.storage)).attachments.max_bytes);
    return [{ uri, mimeType: mimeTypeOf(path), blob: toBase64(bytes) }];
  }
  if (engine.host.stat(path) === null) throw new IndxError('not_found', `No file at "${path}". List resources or call note_list to find paths.`, { path });
  return [{ uri, mimeType: mimeTypeOf(path), text: await engine.host.read(path) }];
}
