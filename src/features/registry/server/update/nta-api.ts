import 'server-only';

import { z } from 'zod';

/**
 * Client of the NTA's Web-APIs (domain.md §1b) — the 法人番号システム Web-API v4 and, with
 * type=01, the invoice publication system's v1 — for the `diff` of one day, fetched part by part
 * when the answer is divided. The rows come back as
 * the NTA's 30-column CSV lines, so the updater feeds them to the same reader as a downloaded
 * daily diff file. The base URL is configuration: the NTA in production, dev/nta locally.
 */

export class NtaApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NtaApiError';
  }
}

export interface NtaApiClientOptions {
  /** e.g. https://api.houjin-bangou.nta.go.jp/4 (no trailing slash needed). */
  baseUrl: string;
  applicationId: string;
  /** Answer format: 02 (CSV Unicode) for the 法人番号 API; 01 (CSV) for the invoice API. */
  type?: string;
  /** Names the API in messages. */
  label?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** `lastUpdateDate,count,divideNumber,divideSize` — the first line of every CSV answer. */
const HeaderSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  z.coerce.number().int().min(0),
  z.coerce.number().int().min(1),
  z.coerce.number().int().min(1),
]);

export interface NtaDiffDay {
  day: string;
  /** Rows of the day, each one CSV line without its line break. */
  lines: string[];
  /** What the API said the total was (checked against the lines received). */
  count: number;
}

export class NtaApiClient {
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;
  private readonly label: string;

  constructor(private readonly options: NtaApiClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.label = options.label ?? '法人番号システム Web-API';
  }

  private async part(day: string, divide: number): Promise<{ header: z.infer<typeof HeaderSchema>; lines: string[] }> {
    const url = new URL(`${this.baseUrl}/diff`);
    url.search = new URLSearchParams({
      id: this.options.applicationId,
      from: day,
      to: day,
      type: this.options.type ?? '02',
      divide: String(divide),
    }).toString();
    let res: Response;
    try {
      res = await this.fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
    } catch (err) {
      throw new NtaApiError(`${this.label} に接続できません (diff ${day} part ${divide}: ${(err as Error).message})`);
    }
    const text = await res.text();
    if (!res.ok) {
      throw new NtaApiError(`${this.label} がエラーを返しました (diff ${day} part ${divide}: HTTP ${res.status} ${text.slice(0, 200)})`);
    }
    const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = HeaderSchema.safeParse((all[0] ?? '').split(','));
    if (!header.success) {
      throw new NtaApiError(
        `${this.label} の応答の形式が想定と違います (diff ${day} part ${divide}: first line ${JSON.stringify(all[0]?.slice(0, 80))})`,
      );
    }
    return { header: header.data, lines: all.slice(1).filter((l) => l !== '') };
  }

  /** All rows updated on `day` (YYYY-MM-DD), every divided part fetched in order. */
  async diffDay(day: string): Promise<NtaDiffDay> {
    const first = await this.part(day, 1);
    const [, count, , divideSize] = first.header;
    const lines = [...first.lines];
    for (let divide = 2; divide <= divideSize; divide++) {
      const next = await this.part(day, divide);
      lines.push(...next.lines);
    }
    // A row count that disagrees means a part was lost or the data changed between parts: the
    // day is not applied (a later run fetches it again) rather than applied half.
    if (lines.length !== count) {
      throw new NtaApiError(`${this.label} の差分 ${day} の件数が合いません (expected ${count} rows, received ${lines.length})`);
    }
    return { day, lines, count };
  }
}
