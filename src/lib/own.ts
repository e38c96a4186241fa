/**
 * A label table's entry for a key that may come from user data (an audited value, a stored code):
 * only the table's own entries, never what every object inherits (`constructor`, `toString`,
 * `__proto__`) — `TABLE[userValue]` returned a function for those, and the audit page answered
 * 500 (issue 24 §3). Every lookup by a value from outside goes through here.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
