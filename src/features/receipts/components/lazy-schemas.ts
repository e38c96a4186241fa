/**
 * The receipts' zod schemas, loaded when the 宛名 form is submitted rather than with the payment
 * history (issue 13, docs/decisions/0032): the same schema the route handler checks the request with.
 */
export const receiptSchemas = () => import('../schemas');
