import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LegalDocument } from './legal-document';
import { brokenAnchors, countH1, missingPhrases, textOf } from '@tests/support/legal-fixtures';

const sections = [
  { id: 'first', title: '1. はじめに', content: <p>本文一</p> },
  { id: 'second', title: '2. 次に', content: <p>本文二</p> },
];

describe('LegalDocument', () => {
  it('renders one h1, the dates, a table of contents linking to each section heading', () => {
    const html = renderToStaticMarkup(
      <LegalDocument title="テスト規約" dates={{ enactedOn: '2026-04-01', revisedOn: '2026-10-15' }} sections={sections} closing="以上" />,
    );
    expect(countH1(html)).toBe(1);
    expect(
      missingPhrases(html, [
        '<time dateTime="2026-04-01">2026年4月1日</time>',
        '<time dateTime="2026-10-15">2026年10月15日</time>',
        '<nav',
        'href="#first"',
        '<section id="second"',
        '<h2 id="second-heading"',
      ]),
    ).toEqual([]);
    expect(brokenAnchors(html)).toEqual([]);
    expect(textOf(html)).toContain('以上');
  });

  it('omits the table of contents when asked or when there are no sections', () => {
    const hidden = renderToStaticMarkup(
      <LegalDocument title="t" dates={{ enactedOn: '2026-04-01' }} sections={sections} showToc={false} />,
    );
    expect(hidden).not.toContain('<nav');
    const none = renderToStaticMarkup(
      <LegalDocument title="t" dates={{ enactedOn: '2026-04-01' }}>
        <p>表のみ</p>
      </LegalDocument>,
    );
    expect(none).not.toContain('<nav');
    expect(none).toContain('表のみ');
    expect(none).not.toContain('最終改定日');
  });

  it('refuses duplicated or malformed section ids that would break the anchors', () => {
    const dup = [...sections, { id: 'first', title: '3', content: null }];
    expect(() => renderToStaticMarkup(<LegalDocument title="t" dates={{ enactedOn: '2026-04-01' }} sections={dup} />)).toThrow(
      /duplicated/,
    );
    expect(() =>
      renderToStaticMarkup(
        <LegalDocument title="t" dates={{ enactedOn: '2026-04-01' }} sections={[{ id: '第1条', title: 'x', content: null }]} />,
      ),
    ).toThrow(/malformed/);
  });
});
