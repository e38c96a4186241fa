import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { DESTINATION } from '@tests/support/purchase/fixtures';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const { DestinationCorrectionForm } = await import('./order-actions');

describe('DestinationCorrectionForm (decision 0069)', () => {
  it('offers the order form’s fields filled with the current address, behind 「お届け先を訂正する」', () => {
    const html = renderToStaticMarkup(
      <DestinationCorrectionForm
        orderId="o1"
        current={DESTINATION}
        prefectureOptions={
          <>
            <option value="">選択してください</option>
            <option value="東京都">東京都</option>
          </>
        }
      />,
    );
    expect(html).toContain('<summary>お届け先を訂正する</summary>');
    for (const label of ['お届け先の宛名', '郵便番号', '都道府県', '市区町村', '町名・番地', '建物名・部屋番号（任意）']) {
      expect(html).toContain(`>${label}</label>`);
    }
    expect(html).toContain('value="山田 太郎"');
    expect(html).toContain('value="1000005"');
    expect(html).toMatch(/<option value="東京都" selected="">東京都<\/option>/);
    // 領収書の宛名 is not part of it
    expect(html).not.toContain('receiptRecipient');
  });
});
