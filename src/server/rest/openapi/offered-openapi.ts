import type { Engine } from '../../../core/engine';
import { buildOpenApi, type OpenApiOptions } from './build-openapi';

/**
 * The OpenAPI document of the operations the engine offers now (AI operations only while their
 * provider is configured, seed 002 §14), built on first request and rebuilt only when the offered
 * set changes (the vault configuration changed).
 */
export function createOfferedOpenApi(engine: Engine, options: () => OpenApiOptions): () => unknown {
  let cached: { key: string; document: unknown } | null = null;
  return () => {
    const operations = engine.offeredOperations();
    const key = operations.map((operation) => operation.name).join('\n');
    if (cached?.key !== key) cached = { key, document: buildOpenApi(operations, options()) };
    return cached.document;
  };
}
