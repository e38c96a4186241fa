import 'server-only';

import { logger } from '@/server/logger';

import { AppError } from './app-error';

/**
 * Logs a failure a server-rendered page recovered from (it renders without the part and lets the
 * browser ask the API, which answers in Japanese). An expected failure — an AppError of 4xx: an
 * unknown order, another member's — is an info line with its code, as the route wrapper logs a
 * 4xx answer (route.ts); anything else is an error with its stack. Before, a stranger's made-up
 * `?paymentId=` wrote an error-level line with a stack trace per request.
 */
export function logRecoveredFailure(error: unknown, what: string): void {
  if (error instanceof AppError && error.status < 500) {
    logger.info({ errorCode: error.code, status: error.status }, what);
    return;
  }
  logger.error({ err: error }, what);
}
