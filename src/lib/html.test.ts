import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the characters that would open markup or close an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>株式会社A&B</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;株式会社A&amp;B&lt;/a&gt;',
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('法人番号 1234')).toBe('法人番号 1234');
  });
});
