import './globals.css';

import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import Script from 'next/script';
import { type ReactNode, Suspense } from 'react';

import { getSiteInfo } from '@/config/site';
import { ApiHost } from '@/components/api-host';
import { SiteFooter } from '@/components/layout/site-footer';
import { RouteFocus } from '@/components/layout/route-focus';
import { SiteHeader } from '@/components/layout/site-header';
import { HeaderLogout } from '@/features/accounts/components/header-logout';
import { MaintenanceBanner } from '@/features/site/components/maintenance-banner';
import { getCurrentNotice, type CurrentNotice } from '@/features/site/server/notices';
import { logger } from '@/server/logger';

export async function generateMetadata(): Promise<Metadata> {
  const site = getSiteInfo();
  return {
    metadataBase: new URL(site.siteUrl),
    title: { default: `${site.serviceName}｜会社検索と登記簿（登記事項証明書）の取り寄せ`, template: `%s｜${site.serviceName}` },
    description:
      '国税庁法人番号公表サイトのデータから全国の法人を商号・フリガナ・法人番号で検索し、登記事項証明書をオンラインで取り寄せられるサービスです。',
    formatDetection: { telephone: false, address: false, email: false },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4f91' };

async function currentNoticeSafely(): Promise<CurrentNotice | null> {
  try {
    return await getCurrentNotice();
  } catch (error) {
    // The banner is informative; a database problem must not take every page down with it.
    logger.error({ err: error }, 'could not load the maintenance notice');
    return null;
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const site = getSiteInfo();
  const requestHeaders = await headers();
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  // Set by src/proxy.ts (which strips any client-sent value): the back office has its own shell.
  const admin = requestHeaders.get('x-hojin-area') === 'admin';
  const notice = await currentNoticeSafely();
  return (
    <html lang="ja">
      <body>
        {site.gtmId ? (
          <Script id="gtm" nonce={nonce} strategy="afterInteractive">
            {`(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(site.gtmId)});`}
          </Script>
        ) : null}
        <a className="skip-link" href="#main">
          本文へ移動
        </a>
        {notice ? <MaintenanceBanner notice={notice} /> : null}
        {/* Around every page, so none can forget it: answers `useApi` calls mounted before SWR's
            module arrived (src/lib/api-runtime.ts; SWR itself loads after hydration, only where a
            page uses it — docs/decisions/0047, 0049). */}
        <ApiHost>
          {admin ? (
            children
          ) : (
            <>
              <SiteHeader serviceName={site.serviceName} logout={<HeaderLogout />} />
              <main id="main">{children}</main>
              {/* After a client-side navigation, focus goes to the new page's <h1> (issue 24). */}
              <RouteFocus />
              {/* Below the fold: hydrated after the page as a task of its own (docs/decisions/0037). */}
              <Suspense fallback={null}>
                <SiteFooter site={site} />
              </Suspense>
            </>
          )}
        </ApiHost>
      </body>
    </html>
  );
}
