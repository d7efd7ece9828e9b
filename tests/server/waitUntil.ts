/** Polls `probe` every 100 ms until it gives a truthy value (returned), or fails after `timeoutMs`. */
export async function waitUntil<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 20000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
