'use client';

import Link from '@/components/link';
import { usePathname } from 'next/navigation';

import styles from './admin.module.css';

export interface NavItem {
  href: string;
  label: string;
}

/** The back office's sections; the current one is marked for screen readers too. */
export function AdminNav({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <nav className={styles.nav} aria-label="管理メニュー">
      <ul>
        {items.map((item) => {
          const active = item.href === '/admin' ? pathname === '/admin' : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                className={`${styles.navLink} ${active ? styles.navLinkActive : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
