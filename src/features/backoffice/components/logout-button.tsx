'use client';

import { useState } from 'react';

import { adminLogout } from '../client/staff-client';

import styles from './admin.module.css';
import { InlineAlert } from './field';

export function LogoutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function logout() {
    setBusy(true);
    try {
      await adminLogout();
      // a full load drops the router cache of staff-only pages
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/admin/login?loggedOut=1');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'ログアウトできませんでした。');
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={className ?? styles.linkButton} onClick={logout} disabled={busy}>
        ログアウト
      </button>
      <InlineAlert error={error} />
    </>
  );
}
