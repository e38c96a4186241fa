/**
 * The form kit (docs/decisions/0032): fields, the error summary and submit handling shared by the
 * member-facing forms (accounts, my page, purchase, receipts). Zod-free at run time: schemas are
 * passed in, loaded on submit.
 */
export * from './error-summary';
export * from './field';
export * from './messages';
export * from './use-form-state';
