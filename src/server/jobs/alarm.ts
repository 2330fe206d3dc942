/** A sleep that another part of the process can cut short (a queue's poll, woken by new work). */
export class Alarm {
  private ring: (() => void) | null = null;

  /** Resolves after `ms`, or at the next `wake()` if that comes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.ring = done;
    });
  }

  /** Ends the sleep under way, if any. */
  wake(): void {
    this.ring?.();
  }
}
