import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RegistryNotice } from './registry-notice';

describe('RegistryNotice', () => {
  it('shows the データ更新日 of real data, without the sample notice', () => {
    const html = renderToStaticMarkup(
      <RegistryNotice status={{ available: true, isSample: false, builtAt: '2026-11-21T00:00:00Z', dataDate: '2026-11-20' }} />,
    );
    expect(html).toContain('データ更新日：<time dateTime="2026-11-20">2026年11月20日</time>');
    expect(html).not.toContain('サンプルデータ');
  });

  it('says nothing about a date the data does not have, and still flags sample data', () => {
    const html = renderToStaticMarkup(
      <RegistryNotice status={{ available: true, isSample: true, builtAt: '2026-11-21T00:00:00Z', dataDate: null }} />,
    );
    expect(html).not.toContain('データ更新日');
    expect(html).toContain('現在表示しているのはサンプルデータです');
  });
});
