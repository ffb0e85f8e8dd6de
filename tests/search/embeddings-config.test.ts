import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { resolveEmbeddingProvider } from '../../src/core/ai/resolve-embedding-provider';
import { vaultConfigSchema } from '../../src/core/config/vault-config';
import { CLI } from '../cli/run-cli';
import { expectIndxError } from '../helpers/expect-error';
import { writeTempFolder } from '../helpers/temp-vault';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './vectors/loopback-embeddings-server';

const NO_SETTINGS = vaultConfigSchema.parse({}).search.embeddings;

describe('resolveEmbeddingProvider (seed 002 §2 precedence)', () => {
  it('is off when neither the environment nor the configuration names a provider or model', () => {
    expect(resolveEmbeddingProvider({ environment: { INDX_OPENAI_API_KEY: 'sk-unused' }, settings: NO_SETTINGS })).toBeNull();
  });

  it('fills the named provider\'s default address and its key variable', () => {
    expect(resolveEmbeddingProvider({ environment: { INDX_EMBEDDINGS_PROVIDER: 'ollama', INDX_EMBEDDINGS_MODEL: 'nomic-embed-text' }, settings: NO_SETTINGS })).toEqual({ base_url: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' });
    expect(resolveEmbeddingProvider({ environment: { INDX_OPENAI_API_KEY: 'sk-1' }, settings: { provider: 'openai', model: 'text-embedding-3-small' } })).toEqual({ base_url: 'https://api.openai.com/v1', model: 'text-embedding-3-small', api_key: 'sk-1' });
    expect(resolveEmbeddingProvider({ environment: { INDX_AI_GATEWAY_KEY: 'gw', INDX_OPENAI_API_KEY: 'sk-1' }, settings: { provider: 'vercel-ai-gateway', model: 'openai/text-embedding-3-small' } })).toMatchObject({ base_url: 'https://ai-gateway.vercel.sh/v1', api_key: 'gw' });
  });

  it('lets the environment win for provider, address and key, and the configuration for tuning', () => {
    const resolved = resolveEmbeddingProvider({
      environment: { INDX_EMBEDDINGS_PROVIDER: 'lm-studio', INDX_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1', INDX_EMBEDDINGS_API_KEY: 'env-key', INDX_EMBEDDINGS_MODEL: 'env-model', INDX_EMBEDDINGS_DIMENSIONS: '64' },
      settings: { provider: 'openai', base_url: 'https://example.test/v1', model: 'config-model', dimensions: 128, batch_size: 8 },
      secretKey: 'secret-storage-key',
    });
    expect(resolved).toEqual({ base_url: 'http://127.0.0.1:9/v1', model: 'config-model', api_key: 'env-key', dimensions: 128, batch_size: 8 });
  });

  it('takes the key from the app\'s secret storage when the environment has none', () => {
    expect(resolveEmbeddingProvider({ environment: {}, settings: { provider: 'openai', model: 'm' }, secretKey: 'from-keychain' })).toMatchObject({ api_key: 'from-keychain' });
  });

  it('refuses a half configuration with invalid_input saying what is missing', async () => {
    expect(() => resolveEmbeddingProvider({ environment: { INDX_EMBEDDINGS_PROVIDER: 'openai' }, settings: NO_SETTINGS })).toThrow(/no model/);
    expect(() => resolveEmbeddingProvider({ environment: {}, settings: { provider: 'openai-compatible', model: 'm' } })).toThrow(/needs a base URL/);
    await expectIndxError(Promise.resolve().then(() => resolveEmbeddingProvider({ environment: { INDX_EMBEDDINGS_PROVIDER: 'cohere', INDX_EMBEDDINGS_MODEL: 'x' }, settings: NO_SETTINGS })), 'invalid_input');
  });

  it('keeps keys out of the vault configuration schema, so vault_config_get cannot reveal one', () => {
    expect(vaultConfigSchema.safeParse({ search: { embeddings: { model: 'm', api_key: 'sk' } } }).success).toBe(true);
    expect(vaultConfigSchema.parse({ search: { embeddings: { model: 'm', api_key: 'sk' } } }).search.embeddings).toEqual({ model: 'm' });
  });
});

/** Starts `indx serve` with `environment` added, on port 0; resolves once it prints its token. */
function startServe(vault: string, environment: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string; authorization: string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--vault', vault, '--port', '0', '--new-token', 'embed'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INDX_HOME: vault, ...environment } });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      const authorization = /"Authorization": "(Bearer [^"]+)"/.exec(printed)?.[1];
      if (url !== undefined && authorization !== undefined && printed.includes('Press Ctrl+C')) resolve({ child, base: url, authorization, stderr: () => errors });
    });
    child.on('exit', (code) => reject(new Error(`indx serve exited with ${String(code)}: ${errors}`)));
  });
}

/** The REST envelope of a vault_search answer, as these tests read it. */
interface HybridBody {
  data: { mode_used: string; results: { path: string }[]; warnings?: unknown[] };
}

describe('indx serve with an embeddings provider from the environment', () => {
  let embeddings: LoopbackEmbeddingsServer;
  beforeAll(async () => (embeddings = await startLoopbackEmbeddingsServer(32)));
  afterAll(() => embeddings.close());

  it('answers hybrid searches over REST, embedding through the configured endpoint with the key', async () => {
    const vault = await writeTempFolder({ 'Garage.md': '# Garage\nThe car needs new brakes.\n', 'Cooking.md': 'A sauce with butter.\n' });
    const server = await startServe(vault, { INDX_EMBEDDINGS_PROVIDER: 'openai-compatible', INDX_EMBEDDINGS_BASE_URL: embeddings.baseUrl, INDX_EMBEDDINGS_API_KEY: 'loopback-key', INDX_EMBEDDINGS_MODEL: 'bag-of-words' });
    try {
      let body: HybridBody | null = null;
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const response = await fetch(`${server.base}/v1/search?q=car%20brakes&mode=hybrid`, { headers: { Authorization: server.authorization } });
        body = (await response.json()) as HybridBody;
        if (body.data.mode_used === 'hybrid' && body.data.warnings === undefined) break;
        await delay(50);
      }
      expect(body?.data.mode_used).toBe('hybrid');
      expect(body?.data.results[0]?.path).toBe('Garage.md');
      const request = embeddings.requests.find((recorded) => recorded.url === '/v1/embeddings');
      expect(request?.headers.authorization).toBe('Bearer loopback-key');
      expect(request?.body.model).toBe('bag-of-words');
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  });

  it('serves lexically and says why on stderr when the settings are half done', async () => {
    const vault = await writeTempFolder({ 'Garage.md': 'The car needs new brakes.\n' });
    const server = await startServe(vault, { INDX_EMBEDDINGS_PROVIDER: 'openai' });
    try {
      const response = await fetch(`${server.base}/v1/search?q=car&mode=hybrid`, { headers: { Authorization: server.authorization } });
      const body = (await response.json()) as { data: { mode_used: string; warnings: { code: string }[] } };
      expect(body.data.mode_used).toBe('lexical');
      expect(body.data.warnings.map((warning) => warning.code)).toContain('embeddings_unavailable');
      expect(server.stderr()).toMatch(/semantic search is off: Embeddings are half configured: an embeddings provider is set but no model/);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
  });
});
