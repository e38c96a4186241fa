import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MaintenanceBanner } from './maintenance-banner';

const notice = (body: string, fileUrl: string | null = null) =>
  ({
    id: 'n1',
    title: '定期メンテナンスのお知らせ',
    body,
    maintenanceStart: null,
    maintenanceEnd: null,
    fileUrl,
    fileName: null,
  }) as unknown as Parameters<typeof MaintenanceBanner>[0]['notice'];

const LONG =
  'システムメンテナンスのため、サービスを一時停止します。停止中は会社検索・証明書のお申し込み・マイページをご利用いただけません。';

describe('MaintenanceBanner', () => {
  it('offers 「続きを読む」 (a closed native disclosure, no script) for a text a phone cuts, with the whole text in the page', () => {
    const html = renderToStaticMarkup(<MaintenanceBanner notice={notice(LONG)} />);
    expect(html).toMatch(/<details[^>]*data-testid="maintenance-more"[^>]*>/);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).toContain('続きを読む');
    expect(html).toContain(LONG);
  });

  it('a text on several lines is offered whole too, however short; a short one needs nothing', () => {
    expect(renderToStaticMarkup(<MaintenanceBanner notice={notice('停止します。\n再開は未定です。')} />)).toContain('続きを読む');
    const short = renderToStaticMarkup(<MaintenanceBanner notice={notice('サービスを一時停止します。', '/api/s3/download/x')} />);
    expect(short).not.toContain('<details');
    expect(short).toContain('詳細（PDF）');
  });
});
