import 'server-only';

import { z } from 'zod';

import { appUrl } from '@/config/server';

import { API_PROBLEMS } from '../rules';
import { ProblemSchema } from '../schemas';
import { V1_ROUTES } from './v1';

/**
 * The OpenAPI 3.1 document of /v1 (issue 26 §2), generated from the route table (v1.ts) and the
 * zod schemas its methods parse with and answer in — zod's own JSON Schema (draft 2020-12, the
 * dialect of OpenAPI 3.1). Parameters and bodies are described as they are sent (`io: 'input'`),
 * answers as they are sent back (`io: 'output'`). Served at /v1/openapi.json; the developer page
 * renders its reference from it; tests check every route is in it and answers validate against it.
 */

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): object[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    schema: p,
  }));
}

const problem = {
  description: '問題の詳細（RFC 9457） / Problem details',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

let cached: object | undefined;

export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of V1_ROUTES) {
    const item: Record<string, object> = {};
    for (const [method, op] of Object.entries(route.methods)) {
      const spec = op.spec as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
      const status = String(op.status ?? 200);
      item[method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${route.template.replace(/[{}]/g, '').replace(/(^|[/-])([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase())}`,
        summary: op.summary,
        description: op.description,
        security: [{ apiKey: [] }],
        parameters: [...parameters(spec.params, 'path'), ...parameters(spec.query, 'query')],
        ...(spec.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } }
          : {}),
        responses: {
          [status]: op.response
            ? {
                description: 'OK',
                headers: {
                  ETag: { schema: { type: 'string' } },
                  'X-Data-Date': {
                    description: 'データの日付（適用した国税庁データの最新の日） / the data date',
                    schema: { type: 'string' },
                  },
                  RateLimit: { schema: { type: 'string' } },
                  'RateLimit-Policy': { schema: { type: 'string' } },
                },
                content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
              }
            : { description: 'No Content' },
          ...(method === 'GET' ? { '304': { description: 'Not Modified (If-None-Match)' } } : {}),
          '400': problem,
          '401': problem,
          '404': problem,
          '422': problem,
          '429': { ...problem, headers: { 'Retry-After': { schema: { type: 'integer' } } } },
          '503': problem,
        },
      };
    }
    paths[route.template] = item;
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'hojin API',
      version: '1.0.0',
      summary: '法人番号・法人情報・インボイス登録の API / Japanese corporate registry API',
      description:
        '国税庁法人番号公表サイトのデータ（出典：国税庁法人番号公表サイト。hojin が加工して作成）を検索・照会する API です。キーはマイページの「API キー」で作成し、Authorization: Bearer で送ります。 / Source: National Tax Agency Corporate Number Publication Site, processed by hojin.',
      license: { name: '利用規約 / Terms', url: appUrl('/developers#terms').toString() },
    },
    servers: [{ url: appUrl('/').origin }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'hj_live_ で始まる API キー / an API key (hj_live_…)' } },
      schemas: {
        Problem: {
          ...jsonSchema(ProblemSchema, 'output'),
          examples: [
            {
              type: appUrl('/developers#problem-not_found').toString(),
              title: API_PROBLEMS.not_found.title,
              status: 404,
              detail: API_PROBLEMS.not_found.detail,
            },
          ],
        },
      },
    },
  };
  return cached;
}
