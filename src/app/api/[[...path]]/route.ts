import { AppError, errorResponse } from '@/server/http/app-error';

/** Any /api/* path no route declares: 404 JSON for every method (never an HTML page). */
const notFound = async () => errorResponse(new AppError('not_found', { message: 'この API は存在しません。' }));

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
