/**
 * Runs once when a server instance starts: validates the configuration (a bad value stops
 * start-up with a message naming the variable) and opens and migrates the application database,
 * so the first request does not pay for it and a broken database fails fast.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNode } = await import('./instrumentation-node');
    await registerNode();
  }
}
