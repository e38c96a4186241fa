import 'server-only';

/**
 * Content-Disposition with a Japanese file name (RFC 6266 / RFC 5987): an ASCII fallback for old
 * clients and the UTF-8 `filename*` every current browser uses. The fallback is the name with its
 * non-ASCII characters replaced, unless the caller names a readable one (`receipt-R-….pdf`).
 */
export function contentDisposition(
  fileName: string,
  type: 'inline' | 'attachment' = 'attachment',
  asciiFallback: string = fileName,
): string {
  const clean = (value: string) => value.replace(/[\r\n"\\/]/g, '_');
  const ascii = clean(asciiFallback).replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(clean(fileName))}`;
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
