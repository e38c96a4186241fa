import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { EnvSchema, parseEnv } from './env';

function readExample(): Record<string, string> {
  const text = fs.readFileSync(path.resolve(__dirname, '../../.env.example'), 'utf8');
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (m?.[1]) vars[m[1]] = m[2] ?? '';
  }
  return vars;
}

describe('.env.example', () => {
  it('works as it is', () => {
    expect(() => parseEnv(readExample())).not.toThrow();
  });

  it('mentions every variable the configuration knows', () => {
    const text = fs.readFileSync(path.resolve(__dirname, '../../.env.example'), 'utf8');
    const missing = Object.keys(EnvSchema.shape).filter((key) => key !== 'NODE_ENV' && !text.includes(`${key}=`));
    expect(missing).toEqual([]);
  });
});
