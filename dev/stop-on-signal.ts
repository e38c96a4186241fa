/**
 * How a stand-in started from the command line stops (dev/mail, dev/oidc): on the first SIGINT or
 * SIGTERM it closes its servers once and exits 0, or 1 when closing failed.
 */
export function stopOnSignal(close: () => Promise<unknown>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
