import 'server-only';

import { getCompanyRecord, invoiceViewOf } from '@/features/company-reference/index.server';
import { bulkCheck, registryStatus, searchFailure } from '@/features/company-search/index.server';
import { todayInJapan } from '@/features/registry';
import { getCompany, getInvoiceStore, searchCompanies, UNAVAILABLE_HEADERS } from '@/features/registry/index.server';
import { addWatch, listWatch, removeWatch } from '@/features/watch/index.server';
import { SearchParamsSchema } from '@/features/company-search';
import { COMPANY_ERROR_MESSAGES } from '@/features/registry';
import { appUrl } from '@/config/server';
import { AppError } from '@/server/http/app-error';

import type { z } from 'zod';

import { WatchListSchema } from '@/features/watch';

import { API_BATCH_MAX } from '../rules';
import {
  AsOfQuerySchema,
  ChangesPageSchema,
  V1BatchResultSchema,
  V1CompanySchema,
  V1InvoiceRegistrationSchema,
  V1SearchResultSchema,
  WatchAddedSchema,
  ChangesQuerySchema,
  CorporateNumberParamsSchema,
  InvoiceNumberParamsSchema,
  V1BatchBodySchema,
  WatchBodySchema,
  WatchQuerySchema,
  type V1Company,
  CreatedWebhookEndpointSchema,
  WebhookEndpointCreateBodySchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointListSchema,
} from '../schemas';
import { readChangeFeed } from './changes';
import { apiMethod } from './mode';
import { apiProblem } from './problem';
import { v1Json } from './respond';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, rotateWebhookSecret } from './webhooks';
import { WEBHOOK_EVENT_TYPES } from '../rules';

/**
 * The /v1 routes (issue 26 §1): each is the pages' own server function behind the API-key mode —
 * no second search, no second record. The router (router.ts) serves them ahead of Next's handler;
 * the OpenAPI document (openapi.ts) is generated from this table and the same schemas.
 */

function dataDate(): string | null {
  const status = registryStatus();
  return status.available ? status.dataDate : null;
}

function unavailable(): AppError {
  return new AppError('registry_unavailable', {
    status: 503,
    message: COMPANY_ERROR_MESSAGES.registry_unavailable,
    headers: UNAVAILABLE_HEADERS,
  });
}

export function companyOf(corporateNumber: string, asOf: string): V1Company | AppError {
  const outcome = getCompanyRecord(corporateNumber, { today: asOf });
  if (!outcome.ok) {
    if (outcome.code === 'registry_unavailable') return unavailable();
    return apiProblem('not_found');
  }
  const { record } = outcome;
  const c = record.company;
  return {
    corporateNumber: c.corporateNumber,
    companyLegalNumber: record.companyLegalNumber,
    assignmentDate: c.assignmentDate,
    closed: c.closed,
    current: c.current,
    history: c.history,
    formerNames: c.formerNames,
    timeline: record.timeline,
    successor: record.successor,
    invoice: record.invoice,
    url: appUrl(record.path).toString(),
    dataDate: c.registry.dataDate,
  };
}

type Spec = ReturnType<typeof apiMethod>;
type V1Method = 'GET' | 'POST' | 'DELETE';

/** One method of a /v1 route: its wrapper spec and what the OpenAPI document says of it. */
export interface V1Operation {
  spec: Spec;
  summary: string;
  description: string;
  /** the answer's schema (null: 204 without a body) */
  response: z.ZodType | null;
  status?: number;
}

export interface V1Route {
  /** the router's path (Hono syntax) */
  path: string;
  /** the OpenAPI path template */
  template: string;
  methods: Partial<Record<V1Method, V1Operation>>;
}

export const V1_ROUTES: V1Route[] = [
  {
    path: '/v1/companies/:corporateNumber',
    template: '/v1/companies/{corporateNumber}',
    methods: {
      GET: {
        summary: '法人の情報を取得 / Get a company',
        description:
          '法人番号で1社の登記情報（商号・所在地・英語表記・変更履歴・承継先）と、asOf の日（日本時間、既定は今日）のインボイス登録状況を返します。 / One company by its corporate number: name, address, English name, history, successor and invoice status on asOf.',
        response: V1CompanySchema,
        spec: apiMethod({
          params: CorporateNumberParamsSchema,
          query: AsOfQuerySchema,
          handler: async ({ request, params, query }) => {
            const company = companyOf(params.corporateNumber, query.asOf ?? todayInJapan());
            if (company instanceof AppError) throw company;
            return v1Json(request, company, { dataDate: company.dataDate });
          },
        }),
      },
    },
  },
  {
    path: '/v1/companies',
    template: '/v1/companies',
    methods: {
      GET: {
        summary: '法人を検索 / Search companies',
        description:
          '商号・フリガナ・英語表記・法人番号・郵便番号（q）と所在地（address）で検索し、都道府県・市区町村・法人種別・閉鎖法人の有無で絞り込みます。1ページ20件、続きは nextCursor（署名付き）を cursor に渡します。 / Search by name, reading, English name, number or postcode (q) and address, filtered by prefecture, city, kind and closed; 20 per page, signed cursors.',
        response: V1SearchResultSchema,
        spec: apiMethod({
          query: SearchParamsSchema,
          handler: async ({ request, query }) => {
            const outcome = searchCompanies(query);
            if (!outcome.ok) throw searchFailure(outcome);
            return v1Json(request, outcome.result, { dataDate: outcome.result.registry.dataDate });
          },
        }),
      },
    },
  },
  {
    path: '/v1/companies/batch',
    template: '/v1/companies/batch',
    methods: {
      POST: {
        summary: '一括確認 / Batch check',
        description: `法人番号・登録番号（T+13桁）・商号を最大${API_BATCH_MAX}件まとめて確認し、存在・閉鎖・承継先・インボイス登録状況を返します。 / Up to ${API_BATCH_MAX} numbers, T-numbers or exact names at once.`,
        response: V1BatchResultSchema,
        spec: apiMethod({
          body: V1BatchBodySchema,
          // 1,000 items of up to 200 characters, 3 bytes each in UTF-8, with JSON quoting.
          maxBodyBytes: 640 * 1024,
          handler: async ({ request, body }) => {
            const outcome = bulkCheck(body.items, body.date ?? todayInJapan());
            if (!outcome.ok) throw unavailable();
            return v1Json(request, outcome.result, { dataDate: dataDate(), personal: true });
          },
        }),
      },
    },
  },
  {
    path: '/v1/invoice-registrations/:registrationNumber',
    template: '/v1/invoice-registrations/{registrationNumber}',
    methods: {
      GET: {
        summary: 'インボイス登録を確認 / Check an invoice registration',
        description:
          '登録番号（T+13桁）の適格請求書発行事業者の登録状況を asOf の日（日本時間、既定は今日）で返します。登録がなければ 404 です。 / The registration of a T-number as of asOf; 404 when not registered.',
        response: V1InvoiceRegistrationSchema,
        spec: apiMethod({
          params: InvoiceNumberParamsSchema,
          query: AsOfQuerySchema,
          handler: async ({ request, params, query }) => {
            const corporateNumber = params.registrationNumber.slice(1);
            const invoice = invoiceViewOf(corporateNumber, getInvoiceStore(), query.asOf ?? todayInJapan());
            if (invoice.state === 'not_registered') throw apiProblem('not_found');
            const company = getCompany(corporateNumber);
            const date = invoice.state === 'unknown' ? null : invoice.dataDate;
            const body = {
              registrationNumber: params.registrationNumber,
              corporateNumber,
              name: company.ok ? company.company.current.name : null,
              invoice,
              dataDate: date,
            };
            return v1Json(request, body, { dataDate: date });
          },
        }),
      },
    },
  },
  {
    path: '/v1/changes',
    template: '/v1/changes',
    methods: {
      GET: {
        summary: '変更情報 / Change feed',
        description:
          'since の日（更新年月日）以降の変更を種類付きのイベントで返します：商号変更・所在地変更・閉鎖・合併・復活・インボイス登録・取消・失効。続きは nextCursor を cursor に渡します。 / Typed events of the daily updates since a date, paged.',
        response: ChangesPageSchema,
        spec: apiMethod({
          query: ChangesQuerySchema,
          handler: async ({ request, query }) => {
            const page = readChangeFeed(query);
            return v1Json(request, { ...page, dataDate: dataDate() }, { dataDate: dataDate() });
          },
        }),
      },
    },
  },
  {
    path: '/v1/watch',
    template: '/v1/watch',
    methods: {
      GET: {
        summary: 'ウォッチリスト / Watch list',
        description: 'キーの持ち主のウォッチリスト（1ページ50件）。 / The key owner’s watch list, 50 per page.',
        response: WatchListSchema,
        spec: apiMethod({
          query: WatchQuerySchema,
          handler: async ({ request, query, session }) =>
            v1Json(request, await listWatch(session.userId, query.page), { dataDate: dataDate(), personal: true }),
        }),
      },
      POST: {
        summary: 'ウォッチリストに追加 / Watch a company',
        description:
          '法人番号をウォッチリストに追加します（追加したとき 201、すでにあるとき 200）。 / Adds a company (201 added, 200 already there).',
        response: WatchAddedSchema,
        status: 201,
        spec: apiMethod({
          body: WatchBodySchema,
          handler: async ({ request, body, session }) => {
            const added = await addWatch(session.userId, body.corporateNumber);
            return v1Json(request, added, { dataDate: dataDate(), personal: true, status: added.added ? 201 : 200 });
          },
        }),
      },
    },
  },
  {
    path: '/v1/watch/:corporateNumber',
    template: '/v1/watch/{corporateNumber}',
    methods: {
      DELETE: {
        summary: 'ウォッチリストから削除 / Stop watching',
        description: '法人番号をウォッチリストから外します（204）。 / Removes a company (204).',
        response: null,
        status: 204,
        spec: apiMethod({
          params: CorporateNumberParamsSchema,
          handler: async ({ params, session }) => {
            await removeWatch(session.userId, params.corporateNumber);
            return new Response(null, { status: 204 });
          },
        }),
      },
    },
  },
  {
    path: '/v1/webhook-endpoints',
    template: '/v1/webhook-endpoints',
    methods: {
      GET: {
        summary: 'Webhook の送信先 / Webhook endpoints',
        description:
          'キーの持ち主の Webhook の送信先（署名の秘密鍵は含みません）。 / The key owner’s webhook endpoints (without their secrets).',
        response: WebhookEndpointListSchema,
        spec: apiMethod({
          handler: async ({ request, session }) =>
            v1Json(request, await listWebhookEndpoints(session.userId), { dataDate: null, personal: true }),
        }),
      },
      POST: {
        summary: 'Webhook の送信先を登録 / Register a webhook endpoint',
        description: `https:// の URL と受け取るイベントの種類（${WEBHOOK_EVENT_TYPES.join(', ')}）を登録します。署名の秘密鍵（whsec_…）はこの応答でだけ返します。配信は Standard Webhooks の形式（webhook-id, webhook-timestamp, webhook-signature）です。社内ネットワークなどのアドレスは登録できません。 / Registers an https URL for the given event types; the signing secret is returned only here. Deliveries follow Standard Webhooks.`,
        response: CreatedWebhookEndpointSchema,
        status: 201,
        spec: apiMethod({
          body: WebhookEndpointCreateBodySchema,
          handler: async ({ request, body, session }) =>
            v1Json(request, await createWebhookEndpoint(session.userId, body), { dataDate: null, personal: true, status: 201 }),
        }),
      },
    },
  },
  {
    path: '/v1/webhook-endpoints/:id',
    template: '/v1/webhook-endpoints/{id}',
    methods: {
      DELETE: {
        summary: 'Webhook の送信先を削除 / Delete a webhook endpoint',
        description: '送信先と、その配信の記録を削除します（204）。 / Deletes the endpoint and its deliveries (204).',
        response: null,
        status: 204,
        spec: apiMethod({
          params: WebhookEndpointIdParamsSchema,
          handler: async ({ params, session }) => {
            await deleteWebhookEndpoint(session.userId, params.id);
            return new Response(null, { status: 204 });
          },
        }),
      },
    },
  },
  {
    path: '/v1/webhook-endpoints/:id/rotate-secret',
    template: '/v1/webhook-endpoints/{id}/rotate-secret',
    methods: {
      POST: {
        summary: '署名の秘密鍵を作り直す / Rotate the signing secret',
        description:
          '新しい秘密鍵を返します（この応答でだけ）。切り替えのため、古い秘密鍵の署名も24時間は一緒に送ります。 / Returns a new secret; the old one also signs for 24 hours.',
        response: CreatedWebhookEndpointSchema,
        spec: apiMethod({
          params: WebhookEndpointIdParamsSchema,
          handler: async ({ request, params, session }) =>
            v1Json(request, await rotateWebhookSecret(session.userId, params.id), { dataDate: null, personal: true }),
        }),
      },
    },
  },
];
