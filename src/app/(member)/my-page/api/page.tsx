import type { Metadata } from 'next';

import { THREE_D_SECURE } from '@/lib/payment-terms';
import { ApiKeysPage } from '@/features/api/components/api-keys-page';
import { appUrl } from '@/config/server';

export const metadata: Metadata = { title: 'マイページ（API キー）', robots: { index: false } };

/** What the plan section says on the return from PAY.JP's 3-D Secure page (/api/api-subscription/tds-return). */
function planNotice(params: Record<string, string | string[] | undefined>): string | null {
  if (params.subscription === 'started') return '有料プランのお申し込みが完了しました。';
  if (params.subscription_error === 'tds_failed')
    return `error:カードの本人認証（${THREE_D_SECURE}）が完了しなかったため、お申し込みは完了していません。もう一度お試しいただくか、別のカードをお選びください。`;
  if (typeof params.subscription_error === 'string')
    return 'error:お申し込みを完了できませんでした。カードをご確認のうえ、もう一度お試しください。';
  return null;
}

/** /my-page/api (issue 26 §3, issue 27 §2). The (member) layout's AuthGuard protects it; every API call is authorised by the server. */
export default async function MyPageApi({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <ApiKeysPage origin={appUrl('/').origin} planNotice={planNotice(await searchParams)} />;
}
