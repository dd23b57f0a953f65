// Next.js calls register() once per server process before serving requests.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself (not configuration): start-up only runs on the Node.js runtime.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./lib/server/start");
    try {
      await startServer();
    } catch (err) {
      // Readable failure (e.g. invalid configuration) instead of a half-started server.
      console.error(`\nDocIntel failed to start: ${(err as Error).message}\n`);
      process.exit(1);
    }
  }
}
