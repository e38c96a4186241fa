import type { Locator, Page } from '@playwright/test';

/**
 * A company in the /search results, whichever layout the viewport shows: a card (a list item with
 * the name as its heading) below 992 px, a table row (the name as the row header's link) from
 * there. Role locators skip the hidden layout, so this finds the one the visitor sees.
 */
export function searchResult(page: Page, name: string): Locator {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader').getByRole('link', { name, exact: true }) });
  return card.or(row);
}

/** The result's order button: 「この法人の証明書を申請する」 on a card, 「証明書を申請」 (named after the company) in a row. */
export function orderButton(page: Page, name: string): Locator {
  return searchResult(page, name).getByRole('button', { name: /の証明書を申請する$/ });
}

/** The visible results: the cards' list items or the table's body rows. */
export function searchResultItems(page: Page): Locator {
  return page
    .getByRole('list', { name: '検索結果' })
    .getByRole('listitem')
    .or(
      page
        .getByRole('table', { name: /^検索結果/ })
        .locator('tbody')
        .getByRole('row'),
    );
}

/** Where an order button goes: /purchase/select for that company, its 法人番号 in the URL (docs/decisions/0033). */
export const SELECT_FOR_COMPANY = /\/purchase\/select\?corporateNumber=\d{13}$/;
