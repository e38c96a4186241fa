import 'server-only';

/**
 * A finished text answer (JSON, problem details) as the route wrapper builds it: status, headers
 * and the body already as a string. Next's route handlers get it as a `Response`
 * (`toResponse()`); the public API's lean path writes it to Node's response as it is
 * (node-io.ts), without building a web `Response` and reading its body back through a stream —
 * together a third of a small API answer's cost (docs/performance.md, "Public API: the lean path").
 * Streams, files and PDFs stay web `Response`s; both paths take either.
 */
export class Answer {
  readonly headers: AnswerHeaders;

  constructor(
    readonly body: string | null,
    readonly status = 200,
    headers?: Record<string, string>,
  ) {
    this.headers = new AnswerHeaders(headers);
  }

  /** JSON of a value, as `Response.json` would send it. */
  static json(value: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Answer {
    const answer = new Answer(JSON.stringify(value), init.status ?? 200, init.headers);
    if (!answer.headers.has('content-type')) answer.headers.set('Content-Type', 'application/json');
    return answer;
  }

  toResponse(): Response {
    const headers = new Headers();
    for (const [name, value] of this.headers.pairs()) headers.append(name, value);
    return new Response(this.body, { status: this.status, headers });
  }
}

/**
 * The headers of an `Answer`: the part of `Headers` the wrapper and the features use (names are
 * case-insensitive; `append` keeps several values, as Set-Cookie needs).
 */
export class AnswerHeaders {
  private readonly map = new Map<string, { name: string; values: string[] }>();

  constructor(init?: Record<string, string>) {
    if (init) for (const name in init) this.set(name, init[name] as string);
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase())?.values.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), { name, values: [value] });
  }

  append(name: string, value: string): void {
    const entry = this.map.get(name.toLowerCase());
    if (entry) entry.values.push(value);
    else this.set(name, value);
  }

  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  /** Every header line, a name once per value. */
  *pairs(): IterableIterator<[string, string]> {
    for (const { name, values } of this.map.values()) for (const value of values) yield [name, value];
  }

  /** For Node's `writeHead`: one entry per name, an array where a name has several values. */
  toNode(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const { name, values } of this.map.values()) out[name] = values.length === 1 ? (values[0] as string) : values;
    return out;
  }
}
