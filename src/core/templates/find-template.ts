import { IndxError } from '../errors';
import { toNotePath } from '../vault/paths';
import type { VaultHost } from '../vault/vault-host';

/**
 * The vault path of the template note `name` (`.md` added when missing): inside the template
 * folder `folder` when one is given, else or then `name` as a vault path, else `name` as a link
 * from the vault's root resolves (as the app's Daily notes finds its template). `not_found` when
 * none of them is a note.
 */
export function findTemplate(host: VaultHost, name: string, folder = ''): string {
  const trimmed = name.trim().replace(/^\/+/, '');
  const candidates = [...(folder === '' ? [] : [`${folder}/${trimmed}`]), trimmed].map(toNotePath);
  const found = candidates.find((candidate) => host.stat(candidate) !== null) ?? host.resolveLink(trimmed.replace(/\.md$/, ''), '');
  if (found !== null && found.endsWith('.md')) return found;
  const where = folder === '' ? '' : ` in the template folder "${folder}" or`;
  throw new IndxError('not_found', `No template note "${name}"${where} at that path. Check the name with note_list.`, { template: name, ...(folder === '' ? {} : { folder }) });
}
