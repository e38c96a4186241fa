/**
 * The names of pages that several places mention — menus, titles, headings, links, mails — so that
 * a page is called the same everywhere (issue 13: the history page had three names). The name is
 * the spec's for the route (frontend-spec.md §2: /my-page/payment-history, "Payment history").
 * Plain values, safe in client components and server code alike.
 */
export const PAYMENT_HISTORY_PAGE = {
  path: '/my-page/payment-history',
  name: 'お支払い履歴',
} as const;
