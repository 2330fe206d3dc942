import type { ChildProcess } from 'node:child_process';

/**
 * Reader processes kept idle between pools: a pool that closes hands its idle readers here
 * instead of killing them, and the next pool with the same heap limit takes them before forking
 * new ones. Starting a reader costs about a second of CPU, so the test apps of one test file
 * share theirs; a server has one pool for its whole life and needs none of this.
 */
export class SpareReaders {
  private readonly idle = new Map<number, ChildProcess[]>();

  /** An idle, still running reader started with this heap limit, if one is kept. */
  take(heapMb: number): ChildProcess | undefined {
    const kept = this.idle.get(heapMb) ?? [];
    let child: ChildProcess | undefined;
    while ((child = kept.pop())) if (running(child)) return child;
    return undefined;
  }

  /** Keeps an idle reader (no task, no listeners of its old pool) for the next pool. */
  give(heapMb: number, child: ChildProcess): void {
    if (!running(child)) return;
    const kept = this.idle.get(heapMb) ?? [];
    kept.push(child);
    this.idle.set(heapMb, kept);
  }

  /** Stops every kept reader and waits until they have exited. */
  async close(): Promise<void> {
    const children = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (!running(child)) return done();
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      ),
    );
  }
}

const running = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null && child.connected;
