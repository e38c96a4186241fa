import 'server-only';

/**
 * One CPU-heavy job at a time, each in a turn of the event loop of its own (`inCpuTurn`).
 *
 * Rendering a PDF (a receipt, a refund statement) is ~50–200 ms of synchronous work with pdfkit.
 * Ten members downloading their receipts at once started ten renders whose synchronous parts ran
 * one after another within one turn of the loop — 10 × 2 renders held the server for several
 * seconds, in which no search, page or payment was answered (bench/load-mixed.ts: event-loop stalls
 * up to 6–9 s on this machine). Queued here, a job starts only after the previous one has finished
 * and the loop has gone round once (setImmediate): timers, finished I/O and other requests are
 * served between two jobs, so the longest stall is one job, not the sum of all. The jobs take the
 * same CPU in total; it is their order that changes.
 */
let tail: Promise<unknown> = Promise.resolve();

export function inCpuTurn<T>(job: () => Promise<T> | T): Promise<T> {
  const run = tail.then(
    () =>
      new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          Promise.resolve().then(job).then(resolve, reject);
        });
      }),
  );
  // The next job waits for this one, whether it succeeded or not.
  tail = run.catch(() => undefined);
  return run;
}
