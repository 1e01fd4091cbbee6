import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { buildOpenApiDocument } from './openapi';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument('https://console.example/') as {
    servers: { url: string }[];
    paths: Record<
      string,
      Record<string, { operationId: string; requestBody?: unknown; parameters: { name: string }[] }>
    >;
  };

  it('has one operation per endpoint, with its body and path parameters', () => {
    expect(doc.servers[0]?.url).toBe('https://console.example/api');
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      expect(Boolean(operation?.requestBody), name).toBe('body' in endpoint || 'multipart' in endpoint);
      if (endpoint.path.includes('{id}')) expect(operation?.parameters.map((p) => p.name)).toContain('id');
    }
  });

  it('documents the list query parameters', () => {
    const list = doc.paths['/institution']?.get;
    expect(list?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'per-page', 'name']));
  });
});
