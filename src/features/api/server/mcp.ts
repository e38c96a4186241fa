import 'server-only';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';

import { invoiceViewOf } from '@/features/company-reference/index.server';
import { bulkCheck } from '@/features/company-search/index.server';
import { SearchParamsSchema, type SearchResult } from '@/features/company-search';
import { todayInJapan } from '@/features/registry';
import { getCompany, getInvoiceStore, searchCompanies } from '@/features/registry/index.server';
import { isCalendarDate } from '@/lib/calendar-date';
import { AppError } from '@/server/http/app-error';
import { asWebRequest } from '@/server/http/node-io';

import { API_CHANGES_PAGE_MAX } from '../rules';
import { ChangesQuerySchema } from '../schemas';
import { readChangeFeed } from './changes';
import { apiMethod } from './mode';
import { companyOf } from './v1';

/**
 * The MCP server at /mcp (issue 26 §4): Streamable HTTP, stateless (a server and a transport per
 * request, JSON answers), behind the same API-key mode as /v1 — each MCP request is one request
 * on the key's rate and the owner's quota. The tools call the same server functions as /v1 and
 * answer compactly (a few fields per company, paging), so an answer fits a model's context.
 */

const MCP_BATCH_MAX = 100;
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDate, '日付は YYYY-MM-DD の形式で、実在する日を指定してください。');

function text(value: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value) }] };
}

function failure(message: string) {
  return { content: [{ type: 'text' as const, text: message }], isError: true };
}

function compactSearch(result: SearchResult) {
  return {
    count: result.count,
    countIsLowerBound: result.countIsLowerBound || result.countCapped,
    page: result.page,
    nextCursor: result.nextCursor,
    dataDate: result.registry.dataDate,
    items: result.items.map((c) => ({
      corporateNumber: c.corporateNumber,
      name: c.name,
      furigana: c.furigana,
      enName: c.enName,
      kind: c.kindLabel,
      address: c.address,
      postCode: c.postCode,
      closed: c.closed,
      ...(c.matchedFormerName ? { matchedFormerName: c.matchedFormerName } : {}),
    })),
  };
}

/** Runs a tool body; an AppError becomes the tool's Japanese error text, anything else is rethrown. */
async function guarded<T>(run: () => T | Promise<T>) {
  try {
    return text(await run());
  } catch (error) {
    if (error instanceof AppError) return failure(error.message);
    throw error;
  }
}

function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'hojin', version: '1.0.0' },
    {
      instructions:
        '日本の法人（法人番号・商号・所在地・インボイス登録）を調べるツールです。出典：国税庁法人番号公表サイト（hojin が加工）。 / Japanese corporate registry tools.',
    },
  );

  server.registerTool(
    'search_companies',
    {
      title: '法人を検索 / Search companies',
      description:
        '商号・フリガナ・英語表記・法人番号・郵便番号（q）や所在地（address）で日本の法人を検索します。1回20件、続きは nextCursor を cursor に。 / Search Japanese companies by name, reading, English name, number, postcode or address; 20 per call, page with cursor.',
      inputSchema: {
        q: z.string().max(100).optional().describe('検索語（商号・フリガナ・英語表記・法人番号・郵便番号） / query'),
        address: z.string().max(100).optional().describe('所在地の一部 / part of the address'),
        prefecture: z
          .string()
          .regex(/^\d{2}$/)
          .optional()
          .describe('都道府県コード（01〜47） / prefecture code'),
        includeClosed: z.boolean().optional().describe('閉鎖した法人も含める / include closed companies'),
        cursor: z.string().max(512).optional().describe('前の答えの nextCursor / nextCursor of the previous answer'),
      },
    },
    async (args) =>
      guarded(() => {
        const parsed = SearchParamsSchema.safeParse({ ...args, includeClosed: args.includeClosed ? '1' : undefined });
        if (!parsed.success)
          throw new AppError('bad_request', { message: parsed.error.issues[0]?.message ?? '検索条件が正しくありません。' });
        const outcome = searchCompanies(parsed.data);
        if (!outcome.ok) throw new AppError(outcome.code, { message: outcome.message });
        return compactSearch(outcome.result);
      }),
  );

  server.registerTool(
    'get_company',
    {
      title: '法人の情報 / Get a company',
      description:
        '法人番号（13桁）で1社の商号・所在地・英語表記・閉鎖や合併・変更の履歴・インボイス登録状況を返します。 / One company by its 13-digit corporate number: names, address, closure, history, invoice status.',
      inputSchema: {
        corporateNumber: z
          .string()
          .regex(/^\d{13}$/)
          .describe('法人番号（13桁） / corporate number'),
        asOf: date.optional().describe('インボイス登録状況を判定する日（YYYY-MM-DD） / day of the invoice status'),
      },
    },
    async ({ corporateNumber, asOf }) =>
      guarded(() => {
        const c = companyOf(corporateNumber, asOf ?? todayInJapan());
        if (c instanceof AppError) throw c;
        return {
          corporateNumber: c.corporateNumber,
          name: c.current.name,
          furigana: c.current.furigana,
          enName: c.current.enName,
          kind: c.current.kindLabel,
          address: c.current.address,
          enAddress: c.current.enAddress,
          postCode: c.current.postCode,
          closed: c.closed,
          closeDate: c.current.closeDate,
          closeCause: c.current.closeCauseLabel,
          successor: c.successor,
          formerNames: c.formerNames.slice(0, 5),
          changes: c.timeline.slice(0, 10),
          invoice: c.invoice,
          url: c.url,
          dataDate: c.dataDate,
        };
      }),
  );

  server.registerTool(
    'check_invoice_registration',
    {
      title: 'インボイス登録の確認 / Check an invoice registration',
      description:
        '登録番号（T+13桁）の適格請求書発行事業者の登録状況（有効・取消・失効・登録なし）を返します。 / Invoice registration status of a T-number.',
      inputSchema: {
        registrationNumber: z
          .string()
          .regex(/^T\d{13}$/)
          .describe('登録番号（T+13桁） / T-number'),
        asOf: date.optional().describe('判定する日（YYYY-MM-DD） / day'),
      },
    },
    async ({ registrationNumber, asOf }) =>
      guarded(() => {
        const corporateNumber = registrationNumber.slice(1);
        const invoice = invoiceViewOf(corporateNumber, getInvoiceStore(), asOf ?? todayInJapan());
        const company = getCompany(corporateNumber);
        return { registrationNumber, name: company.ok ? company.company.current.name : null, invoice };
      }),
  );

  server.registerTool(
    'bulk_check',
    {
      title: '一括確認 / Bulk check',
      description: `法人番号・登録番号・商号を最大${MCP_BATCH_MAX}件まとめて確認します（存在・閉鎖・インボイス）。 / Check up to ${MCP_BATCH_MAX} numbers, T-numbers or names.`,
      inputSchema: {
        items: z.array(z.string().max(200)).min(1).max(MCP_BATCH_MAX).describe('法人番号・登録番号・商号 / numbers or names'),
        date: date.optional().describe('判定する日（YYYY-MM-DD） / day'),
      },
    },
    async ({ items, date: day }) =>
      guarded(() => {
        const outcome = bulkCheck(items, day ?? todayInJapan());
        if (!outcome.ok)
          throw new AppError('registry_unavailable', { message: '法人データを読み込めませんでした。時間をおいてもう一度お試しください。' });
        return {
          date: outcome.result.date,
          summary: outcome.result.summary,
          rows: outcome.result.rows.map((r) => ({
            input: r.input,
            result: r.result,
            ...(r.message ? { message: r.message } : {}),
            ...(r.company ? { corporateNumber: r.company.corporateNumber, name: r.company.name, closed: r.company.closed } : {}),
            ...(r.invoice ? { invoice: r.invoice.statusLabel } : {}),
          })),
        };
      }),
  );

  server.registerTool(
    'recent_changes',
    {
      title: '最近の変更 / Recent changes',
      description:
        'since の日以降の商号変更・所在地変更・閉鎖・合併・復活・インボイス登録・取消・失効を返します。続きは nextCursor を cursor に。 / Typed changes since a date, paged.',
      inputSchema: {
        since: date.describe('この日（更新年月日）以降 / since (YYYY-MM-DD)'),
        limit: z.number().int().min(1).max(50).optional().describe('件数（既定20、最大50） / events per call'),
        cursor: z.string().max(512).optional().describe('前の答えの nextCursor / nextCursor of the previous answer'),
      },
    },
    async ({ since, limit, cursor }) =>
      guarded(() => {
        const parsed = ChangesQuerySchema.safeParse({ since, limit: Math.min(limit ?? 20, API_CHANGES_PAGE_MAX), cursor });
        if (!parsed.success) throw new AppError('bad_request', { message: parsed.error.issues[0]?.message ?? '条件が正しくありません。' });
        return readChangeFeed(parsed.data);
      }),
  );

  return server;
}

/** POST /mcp: one JSON-RPC message (or batch) per request, answered as JSON. */
export const mcpRoute = {
  path: '/mcp',
  methods: {
    POST: {
      spec: apiMethod({
        // The transport reads and checks the JSON-RPC body itself; the wrapper only authorises and counts.
        handler: async ({ request }) => {
          const server = buildServer();
          const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
          await server.connect(transport);
          try {
            return await transport.handleRequest(asWebRequest(request));
          } finally {
            void server.close();
          }
        },
      }),
    },
  },
};
