import { invalidParam } from './errors';

/**
 * Request parameters as PAY.JP receives them: `application/x-www-form-urlencoded` bodies (and
 * query strings) whose keys may be one level nested with brackets, e.g. `metadata[order_id]=1`
 * or `card[number]=4242…` — what the official SDKs send (superagent + qs in the Node SDK).
 */
export type Params = Record<string, string | Record<string, string>>;

export function parseParams(source: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(source)) {
    const nested = /^([A-Za-z0-9_]+)\[([^\]]*)\]$/.exec(rawKey);
    if (nested) {
      const [, outer = '', inner = ''] = nested;
      const existing = out[outer];
      const bag = typeof existing === 'object' ? existing : {};
      bag[inner] = value;
      out[outer] = bag;
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}

/** Rejects parameters the endpoint does not know, as PAY.JP does (no_allowed_param). */
export function allowOnly(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalidParam('no_allowed_param', key, `Invalid param key to this API: ${key}`);
    }
  }
}

export function str(params: Params, key: string): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalidParam('invalid_param_key', key, `Invalid param type: ${key}`);
  return v;
}

export function requiredStr(params: Params, key: string): string {
  const v = str(params, key);
  if (v === undefined || v === '') throw invalidParam('missing_param', key, `Missing required param: ${key}`);
  return v;
}

export function int(params: Params, key: string, code = 'invalid_param_key'): number | undefined {
  const v = str(params, key);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw invalidParam(code, key, `Invalid integer: ${v}`);
  return Number(v);
}

export function bool(params: Params, key: string): boolean | undefined {
  const v = str(params, key);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalidParam('invalid_boolean', key, `Invalid boolean: ${v}`);
}

export function nested(params: Params, key: string): Record<string, string> | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v === 'string') {
    // `metadata=` (empty) is how a client clears every key; anything else is malformed.
    if (v === '') return {};
    throw invalidParam('invalid_param_key', key, `Invalid param type: ${key}`);
  }
  return v;
}

export type Metadata = Record<string, string>;

/**
 * PAY.JP metadata: at most 20 keys, keys up to 40 characters, values up to 500; on update an empty
 * value deletes the key. Returns the merged metadata.
 */
export function mergeMetadata(current: Metadata | null, update: Record<string, string> | undefined): Metadata | null {
  if (update === undefined) return current;
  const next: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (key.length === 0 || key.length > 40) {
      throw invalidParam('invalid_metadata_key', `metadata[${key}]`, 'Metadata keys must be 1 to 40 characters long');
    }
    if (value.length > 500) {
      throw invalidParam('invalid_metadata_value', `metadata[${key}]`, 'Metadata values must be at most 500 characters long');
    }
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 20) {
    throw invalidParam('too_many_metadata_keys', 'metadata', 'Metadata can have at most 20 keys');
  }
  // PAY.JP answers `metadata: null` for an object that has none.
  return Object.keys(next).length === 0 ? null : next;
}
