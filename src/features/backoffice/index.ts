// The back office's public face (isomorphic): roles, audit action labels and the schemas shared by
// the admin forms and handlers. Server code is in ./server and is used by the /admin pages and
// /api/admin routes directly (docs/decisions/0012-back-office-staff-auth.md).
export * from './api-paths';
export * from './schemas';
