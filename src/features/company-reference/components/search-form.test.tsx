import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ReferenceSearchForm } from './search-form';

describe('ReferenceSearchForm', () => {
  it('names the prefecture select 都道府県 and its no-prefecture choice as the search page does (所在地 is the address)', () => {
    const html = renderToStaticMarkup(<ReferenceSearchForm />);
    const filter = /<label[^>]*><span>([^<]*)<\/span><select[^>]*name="prefecture"[^>]*><option value=""[^>]*>([^<]*)<\/option>/.exec(html);
    expect(filter?.slice(1)).toEqual(['都道府県', 'すべての都道府県']);
    expect(html).not.toContain('所在地');
    expect(html).not.toContain('全国');
  });
});
