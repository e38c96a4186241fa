import type { Metadata } from 'next';

import { DevelopersPage } from '@/features/api/components/developers-page';
import { openApiDocument } from '@/features/api/index.server';
import { NTA_SOURCES, PUBLIC_DATA_LICENSE } from '@/features/site/legal-content/constants';
import { appUrl, serverConfig } from '@/config/server';

export const metadata: Metadata = {
  title: 'hojin API（開発者向け）',
  description: '法人番号・商号・所在地・インボイス登録を確認できる JSON API と MCP サーバーの使い方、利用回数の上限、例、リファレンス。',
};

export const dynamic = 'force-dynamic';

export default function Developers() {
  const { monthlyQuota, keyPerSecond, ipPerSecond } = serverConfig().api;
  return (
    <div className="container">
      <DevelopersPage
        origin={appUrl('/').origin}
        doc={openApiDocument()}
        sources={NTA_SOURCES}
        license={PUBLIC_DATA_LICENSE}
        limits={{ monthlyQuota, keyPerSecond, ipPerSecond }}
      />
    </div>
  );
}
