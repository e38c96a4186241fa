import 'server-only';

import type { IncomingMessage, ServerResponse } from 'node:http';

import { TrieRouter } from 'hono/router/trie-router';
import { NextRequest } from 'next/server';

import { CORPORATE_SEARCH_PATH, corporateSearchMethods } from '@/features/company-search/index.server';
import { SECURITY_HEADERS } from '@/lib/security-headers';
import { Answer } from '@/server/http/answer';
import { AppError } from '@/server/http/app-error';
import { NodeRouteRequest, writeAnswer } from '@/server/http/node-io';
import { HTTP_METHODS, wrapMethods, type DeclarableMethod, type Method, type defineRoute } from '@/server/http/route';
import type { RouteRequest } from '@/server/http/route-request';
import { logger } from '@/server/logger';

import { mcpRoute } from './mcp';
import { openApiDocument } from './openapi';
import { corsHeaders, problemResponse } from './problem';
import { V1_ROUTES } from './v1';

/**
 * The lean path (issue 26 §5, docs/decisions/0098): /v1 and /mcp — and the pages' as-you-type
 * search, GET /api/corporates/search — are served by this router, which server.ts calls before
 * Next's handler, so a request pays for its search and not for the framework. Paths are matched by Hono's trie router; each route still runs through the one
 * route wrapper (`wrapMethods` with the API-key mode): the same parsing, limits, logging and error
 * handling as /api/*. The wrapper reads Node's request through `NodeRouteRequest` and its answer
 * is written to Node's response as it is (`writeAnswer`): no web Request, NextRequest or Response
 * is built for a JSON answer. The router is built inside Next's server bundle
 * (instrumentation-node.ts registers it), so it shares the module graph — configuration,
 * database, registry — with the pages' routes.
 */

const PREFLIGHT_HEADERS = {
  ...corsHeaders(),
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match, Mcp-Session-Id, Mcp-Protocol-Version',
  'Access-Control-Max-Age': '86400',
};

type Endpoint = (request: RouteRequest, params: Record<string, string>) => Promise<Response | Answer>;

interface RouteTable {
  path: string;
  methods: Partial<Record<DeclarableMethod, { spec: Parameters<typeof defineRoute>[0]['GET'] }>>;
}

/** One path's methods through the wrapper, with the preflight and the 405 of the methods it does not have. */
function endpoint(route: RouteTable): { endpoint: Endpoint; declared: string[] } {
  const wrapped = wrapMethods(Object.fromEntries(Object.entries(route.methods).map(([m, op]) => [m, op.spec])));
  const declared = Object.keys(route.methods);
  const allow = [...declared, ...(declared.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return {
    declared,
    endpoint: async (request, params) => {
      const method = request.method;
      if (method === 'OPTIONS') return new Answer(null, 204, { ...PREFLIGHT_HEADERS, Allow: allow });
      if (!declared.includes(method) && !(method === 'HEAD' && declared.includes('GET'))) {
        return problemResponse(new AppError('method_not_allowed', { headers: { Allow: allow } }));
      }
      return wrapped[method as Method](request, { params: Promise.resolve(params) });
    },
  };
}

/** The document at /v1/openapi.json (made once: it is generated from the schemas, which do not change while running). */
function openApiEndpoint(): Endpoint {
  let text: string | undefined;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return problemResponse(new AppError('method_not_allowed', { headers: { Allow: 'GET, HEAD' } }));
    }
    text ??= JSON.stringify(openApiDocument());
    return new Answer(text, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      ...corsHeaders(),
    });
  };
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in params) {
    const value = params[key] as string;
    try {
      out[key] = decodeURIComponent(value);
    } catch {
      out[key] = value; // not percent-encoding: the route's schema says what is wrong with it
    }
  }
  return out;
}

/** The headers next.config.ts gives every answer Next serves: the lean path's answers have them too. */
const LEAN_HEADERS: Record<string, string> = Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value]));

/** The paths this router serves (server.ts asks before Next's handler): /v1…, /mcp… and the pages' search. */
export function servesPath(url: string | undefined): boolean {
  if (!url) return false;
  return (
    /^\/(v1|mcp)(\/|\?|$)/.test(url) || (url.startsWith(CORPORATE_SEARCH_PATH) && /^(\?|$)/.test(url.slice(CORPORATE_SEARCH_PATH.length)))
  );
}

export interface ApiApp {
  /** What server.ts calls for the paths of `servesPath`. */
  listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The same router on a web Request (the integration tests). */
  fetch: (request: Request) => Promise<Response>;
  /** Every routed path with its methods (the OpenAPI check). */
  routes: { path: string; methods: string[] }[];
}

export function buildApiApp(): ApiApp {
  const router = new TrieRouter<Endpoint>();
  const routes: ApiApp['routes'] = [];
  router.add('ALL', '/v1/openapi.json', openApiEndpoint());
  routes.push({ path: '/v1/openapi.json', methods: ['GET'] });
  // Fixed paths before parameterised ones: /v1/companies/batch is not a corporate number.
  const fixedFirst = [...V1_ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const route of [...fixedFirst, mcpRoute]) {
    const { endpoint: handle, declared } = endpoint(route);
    router.add('ALL', route.path, handle);
    routes.push({ path: route.path, methods: declared });
  }
  // The pages' search: the spec's /api/* contract (its JSON errors, its own 405), only served here sooner.
  // A method the wrapper does not know (QUERY, PROPFIND…) gets the route's own 405, as POST does.
  const search = wrapMethods(corporateSearchMethods);
  router.add('ALL', CORPORATE_SEARCH_PATH, (request) => {
    const method = (HTTP_METHODS as readonly string[]).includes(request.method) ? (request.method as Method) : 'POST';
    return search[method](request, { params: Promise.resolve({}) });
  });

  const dispatch = async (request: RouteRequest): Promise<Response | Answer> => {
    let path = request.nextUrl.pathname;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const [first] = router.match('ALL', path)[0];
    if (!first) {
      return problemResponse(
        new AppError('not_found', { message: 'この API のパスはありません。/v1/openapi.json で一覧をご確認ください。' }),
      );
    }
    const [handle, params] = first as unknown as [Endpoint, Record<string, string>];
    try {
      return await handle(request, decodeParams(params));
    } catch (error) {
      logger.error({ err: error }, 'unexpected error in the public API router');
      return problemResponse(new AppError('internal_error'));
    }
  };

  return {
    routes,
    listener: async (req, res) => {
      let answer: Response | Answer;
      try {
        answer = await dispatch(new NodeRouteRequest(req));
      } catch (error) {
        logger.error({ err: error }, 'unexpected error in the public API router');
        answer = problemResponse(new AppError('internal_error'));
      }
      try {
        await writeAnswer(res, answer, req.method === 'HEAD', LEAN_HEADERS);
      } catch (error) {
        logger.error({ err: error }, 'the public API answer could not be written');
        res.destroy();
      }
    },
    fetch: async (request) => {
      const answer = await dispatch(new NextRequest(request));
      return answer instanceof Answer ? answer.toResponse() : answer;
    },
  };
}

/** The Node listener server.ts calls for /v1 and /mcp. */
export function createApiListener(): ApiApp['listener'] {
  return buildApiApp().listener;
}
