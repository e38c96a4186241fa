import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { BasicInfo } from '@/features/accounts/components/basic-info';
import { MyPageNav } from '@/features/accounts/components/my-page-nav';

export const metadata: Metadata = { title: 'マイページ（基本情報）', robots: { index: false } };

export default function BasicInfoPage() {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      <BasicInfo serviceName={getSiteInfo().serviceName} />
    </AuthPage>
  );
}
