import { aiMocResource } from './ai-moc';
import { aiSummaryResource } from './ai-summary';
import { configVaultResource } from './config-vault';
import { foldersVaultResource } from './folders-vault';
import { recentVaultResource } from './recent-vault';
import type { ResourceProvider } from './resource-provider';
import { statsVaultResource } from './stats-vault';
import { tagsFieldResource } from './tags-field';
import { tagsVaultResource } from './tags-vault';
import { tocVaultResource } from './toc-vault';
import { vaultBacklinksResource } from './vault-backlinks';
import { vaultBaseResource } from './vault-base';
import { vaultCanvasResource } from './vault-canvas';
import { vaultFileResource } from './vault-file';
import { vaultForwardResource } from './vault-forward';
import { vaultGraphResource } from './vault-graph';
import { vaultTagsResource } from './vault-tags';
import { vaultSearchResource } from './vault-search';
import { similarVaultResource } from './similar-vault';

export type { ResourceContent, ResourceListing, ResourceProvider } from './resource-provider';

/**
 * Every resource indx serves over MCP. Order matters: fixed URIs first, then templates from the
 * most to the least specific, because the SDK tries templates in registration order and
 * `vault://{+path}` matches every `vault://` URI.
 */
export const RESOURCE_PROVIDERS: ResourceProvider[] = [
  vaultGraphResource,
  vaultTagsResource,
  configVaultResource,
  statsVaultResource,
  tagsVaultResource,
  foldersVaultResource,
  recentVaultResource,
  vaultBacklinksResource,
  vaultForwardResource,
  vaultCanvasResource,
  vaultBaseResource,
  tocVaultResource,
  tagsFieldResource,
  vaultSearchResource,
  similarVaultResource,
  vaultFileResource,
  aiSummaryResource,
  aiMocResource,
];
