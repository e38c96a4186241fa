// The browser storage of a buyer on the purchase steps, for the benchmarks that measure those steps
// as the demo member (bench/lighthouse-run.mjs, bench/hydration-trace.mjs): an orderable company
// chosen from a search, the first item, normal delivery and a recipient — what the select and
// recipient-info steps would have stored.
//
// Runs IN THE PAGE (page.evaluate in Puppeteer and Playwright pass its source text), logged in, so
// it must not use anything from this module's scope. Resolves to the company's 法人番号 and the
// session storage it left.
export async function storeBuyer() {
  const search = await (await fetch('/api/corporates/search?q=%E3%83%88%E3%83%A8%E3%82%BF')).json();
  const company = search.items.find((c) => c.kind === '301' && !c.closed);
  if (!company) throw new Error('no orderable company for トヨタ');
  localStorage.setItem('searched_corporate', JSON.stringify({ ...company, selectedAt: new Date().toISOString() }));
  const all = await (await fetch('/api/items/all', { credentials: 'include' })).json();
  const first = all.items[0];
  if (!first) throw new Error('no items');
  const state = JSON.parse(sessionStorage.getItem('hojin_client_state') ?? '{}');
  sessionStorage.setItem(
    'hojin_client_state',
    JSON.stringify({
      ...state,
      purchaseItemData: {
        userInput: [{ itemId: first.itemId, quantity: 1 }],
        scheduledDateMaster: all.scheduledDateMaster,
        isFirstPayPrice: all.isFirstPayPrice,
        deliverySpeed: 'normal',
      },
      destination: {
        recipient: '山田 太郎',
        destinationZipCode: '1000005',
        destinationPrefecture: '東京都',
        destinationCity: '千代田区',
        destinationStreet: '丸の内1-1-1',
        destinationApartmentEtc: '',
        receiptRecipient: '株式会社テスト',
      },
    }),
  );
  return { corporateNumber: company.corporateNumber, session: Object.fromEntries(Object.entries(sessionStorage)) };
}
