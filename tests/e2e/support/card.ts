import { expect, type Page } from '@playwright/test';

/** The emulator's test card that passes (Visa); 3-D Secure is answered on its own page. */
export const TEST_CARD = '4242424242424242';

/**
 * Types a card into the PAY.JP emulator's card element (a cross-origin iframe). Keys typed before
 * the iframe's script is listening are not counted, so type again until the element has read the
 * number: it names the brand (`brand`, Visa for the test card) once it has.
 */
export async function enterCard(
  page: Page,
  { number = TEST_CARD, brand = 'Visa' }: { number?: string; brand?: string } = {},
): Promise<void> {
  const card = page.frameLocator('iframe[data-payjp-element="card"]');
  await expect(async () => {
    for (const [label, value] of [
      ['カード番号', number],
      ['有効期限（月/年）', '1230'],
      ['セキュリティコード', '123'],
    ] as const) {
      const input = card.getByLabel(label);
      await input.clear();
      await input.pressSequentially(value);
    }
    await expect(card.getByText(brand, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
