import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicy } from './privacy-policy';
import { brokenAnchors, countH1, placeholderLeaks, sampleOperator, textOf } from './legal-test-fixtures';

const render = (gtmEnabled: boolean, extra: Partial<Parameters<typeof PrivacyPolicy>[0]> = {}) =>
  renderToStaticMarkup(<PrivacyPolicy operator={sampleOperator} gtmEnabled={gtmEnabled} {...extra} />);

describe('PrivacyPolicy', () => {
  it('renders', () => {
    const html = render(true);
    console.log(textOf(html).length);
    expect(countH1(html)).toBe(1);
    expect(brokenAnchors(html)).toEqual([]);
    expect(placeholderLeaks(html)).toEqual([]);
  });
});
