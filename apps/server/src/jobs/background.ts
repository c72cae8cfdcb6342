/**
 * Work a recurring job starts without awaiting it: work that opens its own transactions, which on PGlite
 * (one connection) would wait forever for the job's. Never two at once; a failure goes to `onError`.
 */
export function inBackground(work: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    void work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
}
