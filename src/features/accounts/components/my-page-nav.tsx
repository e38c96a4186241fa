'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

import styles from './accounts.module.css';

const TABS = [
  { href: '/my-page/basic-info', label: '基本情報' },
  { href: '/my-page/payment-history', label: 'ご購入履歴・領収書' },
  { href: '/my-page/watch', label: 'ウォッチリスト' },
  { href: '/my-page/unregister', label: '退会' },
];

/** The tabs of my page (the spec's three my-page routes). */
export function MyPageNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="マイページのメニュー">
      <ul className={styles.tabs}>
        {TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
