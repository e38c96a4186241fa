import type { Metadata } from 'next';

import { UnregisterForm } from '@/features/accounts/components/unregister-form';
import { NO_UNREGISTER_BLOCK, type UnregisterBlock } from '@/features/accounts/rules';
import { ordersBlockingUnregister } from '@/features/orders/index.server';
import { logger } from '@/server/logger';
import { currentMemberSession } from '@/server/auth/page-session';

export const metadata: Metadata = { title: 'マイページ（退会）', robots: { index: false } };

/**
 * The member's orders still in progress are read on the server (the layout already looked up the
 * session), so the page says at once why leaving must wait; the API refuses it regardless.
 */
async function blockingOrders(): Promise<UnregisterBlock> {
  const session = await currentMemberSession();
  if (!session) return NO_UNREGISTER_BLOCK;
  try {
    return await ordersBlockingUnregister(session.userId);
  } catch (error) {
    logger.error({ err: error }, 'could not read the orders in progress for the unregister page');
    return NO_UNREGISTER_BLOCK;
  }
}

export default async function UnregisterPage() {
  const blocked = await blockingOrders();
  return <UnregisterForm blocked={blocked} />;
}
