'use client';

import { useRouter } from 'next/navigation';

/**
 * ログアウト in the site header, for a logged-in member on every page (issue 24 §4): a button (it
 * changes state: a POST, never a link), whose work is loaded when it is pressed (logout-now.ts)
 * so that the header adds next to nothing to any page's first load. The header's menu styles it
 * (a 44 px target like every header control).
 */
export function HeaderLogout() {
  const router = useRouter();
  return (
    <button type="button" onClick={() => void import('./logout-now').then((m) => m.logoutNow()).then((to) => router.replace(to))}>
      ログアウト
    </button>
  );
}
