/** Builds the OpenAPI 3.1 document of the API from the endpoint table. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { ApiErrorSchema } from './common';
import { type Endpoint, endpoints } from './endpoints';

type Json = Record<string, unknown>;

const schema = (s: GenericSchema): Json =>
  toJsonSchema(s, { errorMode: 'ignore', typeMode: 'output' }) as Json;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schema(ApiErrorSchema) } },
});

/** A path parameter as its `params` schema says: a choice, a UUID, or else an integer id. */
function pathParameter(endpoint: Endpoint, name: string): Json {
  const entries = (endpoint.params as { entries?: Record<string, GenericSchema> } | undefined)?.entries;
  const param = entries?.[name] as (GenericSchema & { options?: readonly string[] }) | undefined;
  if (param?.type === 'picklist') return { enum: [...(param.options ?? [])] };
  if (param?.type === 'string') return { type: 'string', format: 'uuid' };
  return { type: 'integer', minimum: 1 };
}

function operation(name: string, endpoint: Endpoint): Json {
  const parameters: Json[] = [];
  for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({
      name: match[1],
      in: 'path',
      required: true,
      schema: pathParameter(endpoint, match[1] ?? ''),
    });
  }
  if (endpoint.scope === 'institution' || endpoint.scope === 'assistant') {
    parameters.push({ name: 'X-Institution-Id', in: 'header', required: false, schema: { type: 'integer' } });
  }
  if (endpoint.query) {
    const query = schema(endpoint.query) as { properties?: Record<string, Json> };
    for (const [key, value] of Object.entries(query.properties ?? {})) {
      parameters.push({ name: key, in: 'query', required: false, schema: value });
    }
  }
  parameters.push({ name: 'Accept-Language', in: 'header', required: false, schema: { enum: ['en', 'es'] } });

  const responses: Json = {
    '200': {
      description: 'OK',
      ...(endpoint.paginated
        ? {
            headers: Object.fromEntries(
              ['Page-Count', 'Total-Count', 'Per-Page', 'Current-Page'].map((h) => [
                `X-Pagination-${h}`,
                { schema: { type: 'integer' } },
              ]),
            ),
          }
        : {}),
      content: endpoint.stream
        ? {
            'text/event-stream': {
              schema: endpoint.response ? schema(endpoint.response) : { type: 'string' },
            },
          }
        : endpoint.text
          ? { 'text/plain': { schema: { type: 'string' } } }
          : {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: endpoint.response ? schema(endpoint.response) : {} },
                  required: ['data'],
                },
              },
            },
    },
    '400': errorResponse('Invalid input'),
    '429': errorResponse('Rate limited (see Retry-After)'),
  };
  if (endpoint.access === 'metrics') {
    responses['401'] = errorResponse('No or wrong METRICS_TOKEN');
    responses['404'] = errorResponse('METRICS_TOKEN is not set');
  } else if (endpoint.access !== 'public') {
    responses['401'] = errorResponse('No or invalid token');
    responses['403'] = errorResponse('Not allowed');
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(endpoint.scope === 'assistant' && endpoint.assistantType
      ? { description: `For ${endpoint.assistantType} assistants only: any other assistant's id is a 404.` }
      : {}),
    tags: [endpoint.tag],
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(endpoint.access === 'metrics' ? { security: [{ metricsToken: [] }] } : {}),
    parameters,
    ...(endpoint.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: schema(endpoint.body) } } },
        }
      : {}),
    ...(endpoint.multipart
      ? {
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI document served at `/api/openapi.json`. */
export function buildOpenApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Json)[endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Conversa API', version: '1.0.0' },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}/api` }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN variable' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
