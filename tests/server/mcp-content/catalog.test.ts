import { z } from 'zod';
import { PROMPTS } from '../../../src/server/mcp/prompts';
import { RESOURCE_PROVIDERS } from '../../../src/server/mcp/resources';

// Snapshots make every change to what agents see (names, URIs, templates, arguments) visible in review.

describe('catalog', () => {
  it('lists the resource providers in registration order', () => {
    expect(
      RESOURCE_PROVIDERS.map((provider) => ({
        name: provider.name,
        address: provider.uri ?? provider.uriTemplate,
        mimeType: provider.mimeType,
        title: provider.title,
        lists: provider.list !== undefined,
        completes: Object.keys(provider.complete ?? {}),
      })),
    ).toMatchSnapshot();
  });

  it('gives every provider exactly one of uri and uriTemplate, a description, and a unique name', () => {
    for (const provider of RESOURCE_PROVIDERS) {
      expect([provider.uri === undefined, provider.uriTemplate === undefined].filter(Boolean)).toHaveLength(1);
      expect(provider.description.length).toBeGreaterThan(20);
    }
    expect(new Set(RESOURCE_PROVIDERS.map((provider) => provider.name)).size).toBe(RESOURCE_PROVIDERS.length);
  });

  it('puts vault://{+path} after every other vault:// template, which it would shadow', () => {
    const templates = RESOURCE_PROVIDERS.map((provider) => provider.uriTemplate).filter((template) => template?.startsWith('vault://'));
    expect(templates.at(-1)).toBe('vault://{+path}');
  });

  it('lists the prompts with their arguments as JSON Schema input', () => {
    expect(PROMPTS.map((prompt) => ({ name: prompt.name, title: prompt.title, tools: prompt.tools, arguments: z.toJSONSchema(prompt.arguments, { io: 'input' }) }))).toMatchSnapshot();
  });

  it('makes every prompt argument optional and described (seed 000 §5)', () => {
    for (const prompt of PROMPTS) {
      const schema = z.toJSONSchema(prompt.arguments, { io: 'input' }) as { required?: string[]; properties?: Record<string, { description?: string }> };
      expect(schema.required ?? []).toEqual([]);
      for (const property of Object.values(schema.properties ?? {})) expect(property.description).toEqual(expect.any(String));
    }
  });
});
