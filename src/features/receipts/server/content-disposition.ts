import 'server-only';

/**
 * `Content-Disposition` with a Japanese file name (RFC 6266 + RFC 5987): an ASCII fallback in
 * `filename` for old clients and the UTF-8 name in `filename*`. `inline` so the link opens the
 * PDF in the browser's viewer, from where it can be saved or printed.
 */
export function contentDisposition(filename: string, asciiFallback: string): string {
  // encodeURIComponent leaves !'()* as they are; RFC 5987's attr-char does not allow '()*.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
