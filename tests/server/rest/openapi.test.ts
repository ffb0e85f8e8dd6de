import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { serveVault, type ServedVault } from '../http/server-harness';

// The validator is ESM-only; its CLI runs it in a process of its own.
const VALIDATOR = resolve(__dirname, '../../../node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js');

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

describe('GET /openapi.json', () => {
  let served: ServedVault;
  let document: OpenApiDocument;

  beforeAll(async () => {
    served = await serveVault();
    const response = await served.fetch('/openapi.json', { token: null });
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });

  afterAll(async () => {
    await served.dispose();
  });

  it('validates as OpenAPI 3.1', async () => {
    const file = join(served.vault.root, '..', `openapi-${process.pid}.json`);
    await writeFile(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, [VALIDATOR, file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(JSON.parse(stdout)).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every offered registry route, bearer security and the error envelope', () => {
    // AI operations are offered (and documented) only while a provider is configured: tests/ai/surfaces.
    const engine = served.vault.engine;
    for (const operation of engine.registry.list().filter((candidate) => engine.offers(candidate))) {
      const [template = ''] = operation.http.path.split('?');
      const entry = document.paths[template]?.[operation.http.method.toLowerCase()];
      expect([operation.name, entry === undefined]).toEqual([operation.name, false]);
    }
    expect(document.paths['/v1/notes/{path}']?.get?.operationId).toBe('note_read');
    expect(document.paths['/v1/notes/{path}']?.put?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:path', 'header:If-Match', 'header:Idempotency-Key']);
    expect(document.paths['/v1/notes/{path}/move']?.post?.requestBody).toBeDefined();
    expect(document.paths['/v1/events']?.get).toBeDefined();
    expect(document.components.securitySchemes).toEqual({ bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }) as unknown });
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Error', 'ErrorEnvelope']));
  });

  it('documents the raw bodies of attachment routes: an upload of any content type with its fields in the query, a download of the bytes', () => {
    const put = document.paths['/v1/attachments/{path}']?.put as { parameters: { name: string; in: string }[]; requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(put.requestBody.content)).toEqual(['application/json', '*/*']);
    expect(put.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:path', 'query:if_not_exists', 'header:If-Match', 'header:Idempotency-Key']);
    const get = document.paths['/v1/attachments/{path}']?.get as unknown as { responses: { '200': { description: string; content: Record<string, unknown> } } };
    expect(Object.keys(get.responses['200'].content)).toEqual(['application/json', '*/*']);
    expect(get.responses['200'].description).toContain('raw bytes');
  });
});
