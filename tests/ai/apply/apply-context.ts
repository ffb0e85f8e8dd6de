import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AiWarning } from '../../../src/core/ai/ai-schemas';
import type { AiApplySession } from '../../../src/core/ai/runtime/run-ai-call';
import type { AuditEvent } from '../../../src/core/audit/audit-log';
import type { OperationContext } from '../../../src/core/ops/operation-context';
import { SCOPES } from '../../../src/core/ops/scopes';
import { loadEtagFunction } from '../../../src/core/vault/etag';
import { createPathPolicy } from '../../../src/core/vault/path-policy';
import { PolicyHost } from '../../../src/core/vault/policy-host';
import { FileStorage, locateStateDir } from '../../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';

/** A vault on disk with an operation context over it that records audit events, and an apply session that records warnings. */
export interface ApplyFixture {
  root: string;
  context: OperationContext;
  audit: AuditEvent[];
  warnings: AiWarning[];
  appliedPaths: string[];
  session: AiApplySession;
  read(path: string): Promise<string>;
  etagOf(path: string): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * Opens `files` as a vault behind the path policy (`readOnly` globs), without an engine: the
 * apply module needs only the host, the etag function and the audit recorder.
 */
export async function openApplyFixture(files: Record<string, string>, readOnly: string[] = []): Promise<ApplyFixture> {
  const root = await writeFolder(files);
  const inner = await NodeVaultHost.open(root, { watch: false });
  const host = new PolicyHost(inner);
  host.setPolicy(createPathPolicy({ excluded_paths: [], read_only_paths: readOnly }));
  const etag = await loadEtagFunction();
  const audit: AuditEvent[] = [];
  const warnings: AiWarning[] = [];
  const appliedPaths: string[] = [];
  const context = {
    host,
    storage: new FileStorage(locateStateDir(root)),
    etag,
    audit: { record: (event: AuditEvent) => void audit.push(event), recordInvocation: () => undefined },
    actor: 'token:test',
    clock: () => Date.UTC(2026, 10, 21),
    search: null,
    scopes: SCOPES,
  } as unknown as OperationContext;
  const session: AiApplySession = { warn: (warning) => void warnings.push(warning), applied: (path) => void appliedPaths.push(path) };
  const read = (path: string) => fs.readFile(`${root}/${path}`, 'utf8');
  return {
    root, context, audit, warnings, appliedPaths, session, read,
    etagOf: async (path) => etag(await read(path)),
    async dispose() {
      host.close();
      await inner.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

// Not tests/helpers/temp-vault.ts: that module loads the whole engine, which this unit needs none of.
async function writeFolder(files: Record<string, string>): Promise<string> {
  const root = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-apply-')));
  for (const [path, content] of Object.entries(files)) {
    await fs.mkdir(dirname(join(root, path)), { recursive: true });
    await fs.writeFile(join(root, path), content);
  }
  return root;
}
