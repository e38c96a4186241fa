/**
 * The one HTML escaper: mail bodies (server/mail) and the dev stand-ins' own pages (dev/) import it.
 * Escapes the five characters that matter in text and in quoted attribute values.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
