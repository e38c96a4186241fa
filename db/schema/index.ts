// The application database schema, one file per capability. Migrations in db/migrations are
// generated from these with `npm run db:generate` and never edited after they land.
export * from './accounts';
export * from './site';
export * from './purchase';
export * from './receipts';
export * from './backoffice';
export * from './jobs';
export * from './refunds';
export * from './watch';
export * from './api';
export * from './webhooks';
