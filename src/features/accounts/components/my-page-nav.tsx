'use client';

import Link from '@/components/link';
import { usePathname } from 'next/navigation';

import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';

import styles from './accounts.module.css';

const TABS = [
  { href: '/my-page/basic-info', label: '基本情報' },
  { href: PAYMENT_HISTORY_PAGE.path, label: PAYMENT_HISTORY_PAGE.name },
  { href: '/my-page/watch', label: 'ウォッチリスト' },
  { href: '/my-page/api', label: 'API キー' },
  { href: '/my-page/addresses', label: 'お届け先' },
  { href: '/my-page/cards', label: 'クレジットカード' },
  { href: '/my-page/unregister', label: '退会' },
];

/** The tabs of my page (the spec's three my-page routes, the watch list, saved addresses and cards). */
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
