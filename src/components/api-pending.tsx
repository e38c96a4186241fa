import { ApiError } from '@/lib/api-client';

import { LoadingOverlay } from './loading-overlay';

/** A failed read's alert: the API's message, or `failure` when the error carries none; nothing without an error. */
export function ApiFailure({ error, failure }: { error: unknown; failure: string }) {
  if (!error) return null;
  return (
    <p className="error-box" role="alert">
      {error instanceof ApiError ? error.message : failure}
    </p>
  );
}

/**
 * What a page shows while the data it reads with useApi is not there: once the read failed, its
 * alert (ApiFailure); until then the loading overlay with its `loading` message.
 */
export function ApiPending({ error, failure, loading }: { error: unknown; failure: string; loading?: string }) {
  if (error) return <ApiFailure error={error} failure={failure} />;
  return <LoadingOverlay message={loading} />;
}
