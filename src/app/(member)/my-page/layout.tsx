import type { ReactNode } from 'react';

import { MyPageFrame } from '@/features/accounts/components/my-page-frame';

/** Every マイページ page's frame: the 「マイページ」 heading and its tabs (the (member) layout's AuthGuard protects them). */
export default function MyPageLayout({ children }: { children: ReactNode }) {
  return <MyPageFrame>{children}</MyPageFrame>;
}
