import { describe, expect, it, vi } from 'vitest';

import * as healthRoute from '@/app/api/health/route';
import * as maintenanceRoute from '@/app/api/maintenance/now/route';
import * as downloadRoute from '@/app/api/s3/download/[id]/route';
import { getCurrentNotice, noticeState, publishNotice } from '@/features/site/server/notices';
import { getFileStorage } from '@/server/storage';

import { call } from '../support/requests';

const PDF = new TextEncoder().encode('%PDF-1.4\n% hojin test\n');
const hour = 3_600_000;

describe('maintenance notices and stored files', () => {
  it('answers no notice when none is published', async () => {
    const res = await call(maintenanceRoute, '/api/maintenance/now');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ notice: null });
  });

  it('shows the current notice with its PDF, which downloads with its Japanese name', async () => {
    const now = Date.now();
    await publishNotice({
      title: '過去のお知らせ',
      body: '終了',
      publishFrom: new Date(now - 5 * hour),
      publishUntil: new Date(now - hour),
      maintenanceStart: null,
      maintenanceEnd: null,
    });
    await publishNotice({
      title: '先のお知らせ',
      body: 'まだ',
      publishFrom: new Date(now + hour),
      publishUntil: null,
      maintenanceStart: null,
      maintenanceEnd: null,
    });
    const { fileId } = await publishNotice({
      title: '定期メンテナンスのお知らせ',
      body: 'サービスを停止します。',
      publishFrom: new Date(now - hour),
      publishUntil: new Date(now + 24 * hour),
      maintenanceStart: new Date(now + 2 * hour),
      maintenanceEnd: new Date(now + 4 * hour),
      file: { name: 'メンテナンスのお知らせ.pdf', bytes: PDF, contentType: 'application/pdf' },
    });

    const res = await call(maintenanceRoute, '/api/maintenance/now');
    const notice = (res.json as { notice: { title: string; fileUrl: string } }).notice;
    expect(notice.title).toBe('定期メンテナンスのお知らせ');
    expect(notice.fileUrl).toBe(`/api/s3/download/${fileId}`);

    const file = await call(downloadRoute, notice.fileUrl, { params: { id: fileId ?? '' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('メンテナンスのお知らせ.pdf')}`);
    expect(file.text).toBe('%PDF-1.4\n% hojin test\n');
  });

  it('stops showing a maintenance notice once its maintenance has ended, even while its publishing period runs on', async () => {
    const now = Date.now();
    const over = {
      title: '終わったメンテナンスのお知らせ',
      body: 'サービスを一時停止します。',
      // the newest published notice (the earlier test's began an hour before its own now)
      publishFrom: new Date(now - 0.9 * hour),
      publishUntil: new Date(now + 24 * hour),
      maintenanceStart: new Date(now - 0.8 * hour),
      maintenanceEnd: new Date(now - 0.1 * hour),
    };
    const { id } = await publishNotice(over);
    expect((await getCurrentNotice())?.id).not.toBe(id);
    const res = await call(maintenanceRoute, '/api/maintenance/now');
    expect((res.json as { notice: { title: string } | null }).notice?.title).not.toBe(over.title);
    expect(noticeState(over, new Date(now))).toBe('ended');
    // during its maintenance it is shown
    expect((await getCurrentNotice(new Date(now - 0.5 * hour)))?.id).toBe(id);
    expect(noticeState(over, new Date(now - 0.5 * hour))).toBe('live');
  });

  it('answers unknown and malformed file ids with 404 JSON', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '../../etc/passwd']) {
      const res = await call(downloadRoute, `/api/s3/download/${id}`, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.json.error?.code).toBe('not_found');
    }
  });

  it('keeps no orphan file when the notice cannot be saved', async () => {
    const storage = getFileStorage();
    const put = vi.spyOn(storage, 'put');
    const del = vi.spyOn(storage, 'delete');
    await expect(
      publishNotice({
        title: 'x'.repeat(10),
        body: 'b',
        publishFrom: new Date(Number.NaN), // invalid timestamp: the insert fails after the file was stored
        publishUntil: null,
        maintenanceStart: null,
        maintenanceEnd: null,
        file: { name: 'a.pdf', bytes: PDF, contentType: 'application/pdf' },
      }),
    ).rejects.toThrow();
    expect(put).toHaveBeenCalledOnce();
    const key = put.mock.calls[0]?.[0] ?? '';
    expect(del).toHaveBeenCalledWith(key);
    expect(await storage.get(key)).toBeNull();
    expect((await getCurrentNotice())?.title).not.toBe('x'.repeat(10));
  });

  it('reports database readiness on /api/health', async () => {
    const res = await call(healthRoute, '/api/health');
    const body = res.json as { database: { ok: boolean; driver: string } };
    expect(body.database.ok).toBe(true);
    expect(['pglite', 'postgres']).toContain(body.database.driver);
  });
});
