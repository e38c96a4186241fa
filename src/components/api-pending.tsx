import { ApiError } from '@/lib/api-client';

import { LoadingOverlay } from './loading-overlay';

/**
 * What a page shows while the data it reads with useApi is not there: once the read failed, the
 * API's message (or `failure` when the error carries none) as an alert; until then the loading
 * overlay with its `loading` message.
 */
export function ApiPending({ error, failure, loading }: { error: unknown; failure: string; loading?: string }) {
  if (error) {
    return (
      <p className="error-box" role="alert">
        {error instanceof ApiError ? error.message : failure}
      </p>
    );
  }
  return <LoadingOverlay message={loading} />;
}
