import type { Metadata } from 'next';

import { SelectItems } from '@/features/purchase/components/select-items';

export const metadata: Metadata = { title: '証明書の選択', robots: { index: false } };

export default function PurchaseSelectPage() {
  return <SelectItems />;
}
