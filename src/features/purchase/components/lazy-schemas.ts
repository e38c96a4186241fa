/** The purchase pages' schemas (flow-schemas.ts), fetched on first use instead of with the page (issue 13). */
export const purchaseSchemas = () => import('./flow-schemas');
