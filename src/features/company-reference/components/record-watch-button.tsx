'use client';

import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { loadWatchButton } from '@/features/watch';

/**
 * 「この法人をウォッチ」 on the record page. It depends on the browser's login state, so the server
 * never rendered it (its server snapshot is null) and it appeared once the page ran, in a
 * synchronous re-render right after hydration. Now, as on /search (docs/decisions/0037, 0042): its
 * code — the watch calls and the API client — loads after the first paint, and it mounts once, in a
 * transition, with the browser's state. Visitors see it appear after hydration as before.
 */
const WatchButton = lazy(loadWatchButton);

export function RecordWatchButton({ corporateNumber }: { corporateNumber: string }) {
  const [running, setRunning] = useState(false);
  useEffect(() => {
    startTransition(() => setRunning(true));
  }, []);
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <WatchButton corporateNumber={corporateNumber} />
    </Suspense>
  );
}
