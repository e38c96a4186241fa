import fs from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// @ts-expect-error -- the flat config is plain JavaScript without type declarations
import { API_MODULE_FEATURES } from '../../eslint.config.mjs';

/**
 * docs/decisions/0030: in the components of a feature that has its client API module, an `/api/`
 * URL written as a string or template is a lint error (the lint tier of `npm test` runs it over
 * every file); the module itself and other folders may write them.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const SOURCE = [
  "export const a = '/api/items/all';",
  'export const b = (id: string) => `/api/payments/latest?paymentId=${id}`;',
  "export const c = 'not a URL: /api/';",
  '',
].join('\n');

async function apiUrlErrors(filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(SOURCE, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

describe('no /api/ URL strings in components', () => {
  it('covers every feature that has components', () => {
    const withComponents = fs
      .readdirSync(path.join(process.cwd(), 'src/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(process.cwd(), 'src/features', d.name, 'components')))
      .map((d) => d.name);
    expect(withComponents.length).toBeGreaterThan(5);
    expect(API_MODULE_FEATURES).toEqual(expect.arrayContaining(withComponents));
  });

  it.each(API_MODULE_FEATURES as string[])('a string or template starting with /api/ in %s/components is an error', async (feature) => {
    expect(await apiUrlErrors(`src/features/${feature}/components/example.tsx`)).toEqual([1, 2]);
  });

  it('allows them in the client API module and in component tests', async () => {
    expect(await apiUrlErrors('src/features/purchase/client/api.ts')).toEqual([]);
    expect(await apiUrlErrors('src/features/purchase/components/example.test.tsx')).toEqual([]);
  });
});
