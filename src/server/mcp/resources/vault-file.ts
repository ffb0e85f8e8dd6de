import type { Caller, Engine } from '../../../core/engine';
import { IndxError } from '../../../core/errors';
import { compareCodeUnits } from '../../../core/ops/compare';
import { basenameOf } from '../../../core/vault/paths';
import { toVaultUri } from '../vault-uris';
import { completePaths } from './complete-paths';
import { textMimeTypeOf } from './mime-type';
import { requireReadScope } from './require-read-scope';
import type { ResourceContent, ResourceListing, ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';

/**
 * `vault://{+path}`: a note (`text/markdown`), a canvas (`application/json`) or a base
 * (`text/yaml`), as the exact text on disk. Attachments are neither listed nor read: the host
 * port reads text only, so their bytes cannot be served faithfully yet (reading one is
 * `not_found` with the reason). Register it after every other `vault://` template, which it
 * would otherwise shadow.
 */
export const vaultFileResource: ResourceProvider = {
  name: 'vault_file',
  title: 'Vault file',
  description: 'A note, canvas or base of the vault by its vault-relative path, e.g. vault://Projects/Plan.md. Returns the file text as stored (frontmatter included). Path segments are percent-encoded.',
  mimeType: 'text/markdown',
  uriTemplate: 'vault://{+path}',
  async list(engine, caller) {
    return listServedFiles(engine, caller);
  },
  complete: { path: (value, engine) => completePaths(engine, value, (path) => textMimeTypeOf(path) !== null) },
  async read(uri, variables, engine, caller) {
    return readVaultFile(uri, pathFromUri(variables.path), engine, caller);
  },
};

function listServedFiles(engine: Engine, caller: Caller): ResourceListing[] {
  requireReadScope(caller);
  return engine.host
    .listFiles()
    .map((file) => file.path)
    .filter((path) => textMimeTypeOf(path) !== null)
    .sort(compareCodeUnits)
    .map((path) => ({ uri: toVaultUri(path), name: path, title: basenameOf(path), mimeType: textMimeTypeOf(path) ?? undefined }));
}

async function readVaultFile(uri: string, path: string, engine: Engine, caller: Caller): Promise<ResourceContent[]> {
  requireReadScope(caller);
  if (engine.host.stat(path) === null) throw new IndxError('not_found', `No file at "${path}". List resources or call note_list to find paths.`, { path });
  const mimeType = textMimeTypeOf(path);
  if (mimeType === null) {
    throw new IndxError('not_found', `"${path}" is an attachment; indx serves only notes, canvases and bases as resources because attachment bytes cannot be read through the host yet.`, { path, reason: 'attachment_not_served' });
  }
  return [{ uri, mimeType, text: await engine.host.read(path) }];
}
