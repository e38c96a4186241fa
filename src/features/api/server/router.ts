import 'server-only';

import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { NextRequest } from 'next/server';

import { AppError } from '@/server/http/app-error';
import { defineRoute, type DeclarableMethod } from '@/server/http/route';
import { logger } from '@/server/logger';

import { mcpRoute } from './mcp';
import { openApiDocument } from './openapi';
import { corsHeaders, problemResponse } from './problem';
import { V1_ROUTES } from './v1';

/**
 * The lean path (issue 26 §5, docs/decisions/0098): /v1 and /mcp are served by this Hono router,
 * which server.ts calls before Next's handler, so an API request pays for its search and not for
 * the framework. Each route still runs through the one route wrapper (defineRoute with the API-key
 * mode): the same parsing, limits, logging and error handling as /api/*. The router is built
 * inside Next's server bundle (instrumentation-node.ts registers it), so it shares the module
 * graph — configuration, database, registry — with the pages' routes.
 */

const PREFLIGHT_HEADERS = {
  ...corsHeaders(),
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match, Mcp-Session-Id, Mcp-Protocol-Version',
  'Access-Control-Max-Age': '86400',
};

function mount(
  app: Hono,
  route: { path: string; methods: Partial<Record<DeclarableMethod, { spec: Parameters<typeof defineRoute>[0]['GET'] }>> },
): void {
  const handlers = defineRoute(Object.fromEntries(Object.entries(route.methods).map(([m, op]) => [m, op.spec])));
  const declared = Object.keys(route.methods);
  const allow = [...declared, ...(declared.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  app.all(route.path, async (c) => {
    const method = c.req.method.toUpperCase();
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, Allow: allow } });
    if (!declared.includes(method) && !(method === 'HEAD' && declared.includes('GET'))) {
      return problemResponse(new AppError('method_not_allowed', { headers: { Allow: allow } }));
    }
    const handler = handlers[method as DeclarableMethod | 'HEAD'];
    // Hono's Node adapter hands over its own light Request object, which undici's Request cannot
    // copy: the wrapper's NextRequest is built from its parts.
    const raw = c.req.raw;
    const body = method === 'GET' || method === 'HEAD' ? null : raw.body;
    const request = new NextRequest(raw.url, {
      method,
      headers: raw.headers,
      body,
      ...(body ? { duplex: 'half' } : {}),
    } as ConstructorParameters<typeof NextRequest>[1]);
    return handler(request, { params: Promise.resolve(c.req.param() as Record<string, string>) });
  });
}

export function buildApiApp(): Hono {
  const app = new Hono({ strict: false });
  app.get('/v1/openapi.json', (c) =>
    c.newResponse(JSON.stringify(openApiDocument()), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      ...corsHeaders(),
    }),
  );
  // Fixed paths before parameterised ones: /v1/companies/batch is not a corporate number.
  const fixedFirst = [...V1_ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const route of fixedFirst) mount(app, route);
  mount(app, mcpRoute);
  app.notFound(() =>
    problemResponse(new AppError('not_found', { message: 'この API のパスはありません。/v1/openapi.json で一覧をご確認ください。' })),
  );
  app.onError((error) => {
    logger.error({ err: error }, 'unexpected error in the public API router');
    return problemResponse(new AppError('internal_error'));
  });
  return app;
}

/** The Node listener server.ts calls for /v1 and /mcp (Hono's adapter, without replacing the global Request and Response Next uses). */
export function createApiListener() {
  const app = buildApiApp();
  return getRequestListener(app.fetch, { overrideGlobalObjects: false });
}
