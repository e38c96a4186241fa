/**
 * Content-Disposition with a Japanese file name (RFC 6266 / RFC 5987): an ASCII fallback for old
 * clients and the UTF-8 `filename*` every current browser uses.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_');
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(clean)}`;
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
