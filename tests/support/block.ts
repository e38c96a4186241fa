/** Holds the event loop for `ms` milliseconds of synchronous work, as a PDF render or a stalled job does. */
export function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // synchronous work: no timer, no I/O callback runs meanwhile
  }
}
