/**
 * Interactive work (an upload waiting for its check) goes before batch work (grading), and both
 * before background work (answers read as they arrive, which nobody is waiting for yet).
 */
export type Lane = 'interactive' | 'batch' | 'background';

/**
 * Waiting work with a fair share for every owner: interactive items first, then batch, then
 * background, and within a lane the owners (users, grading runs) take turns, so one owner's
 * thousand items never hold up another's one. A Map keeps insertion order, so moving an owner
 * to the end is a delete and a set.
 */
export class FairQueue<T> {
  private readonly lanes: Record<Lane, Map<string, T[]>> = {
    interactive: new Map(),
    batch: new Map(),
    background: new Map(),
  };

  get size(): number {
    return waiting(Object.values(this.lanes));
  }

  /** Items waiting that someone waits for: in the interactive and batch lanes. */
  get awaited(): number {
    return waiting([this.lanes.interactive, this.lanes.batch]);
  }

  push(lane: Lane, owner: string, item: T): void {
    const owners = this.lanes[lane];
    const items = owners.get(owner);
    if (items) items.push(item);
    else owners.set(owner, [item]);
  }

  /** The next item: the first waiting owner's oldest, after which that owner goes to the back. */
  shift(): T | undefined {
    for (const owners of [this.lanes.interactive, this.lanes.batch, this.lanes.background]) {
      const first = owners.entries().next();
      if (first.done) continue;
      const [owner, items] = first.value;
      const item = items.shift();
      owners.delete(owner);
      if (items.length) owners.set(owner, items);
      return item;
    }
    return undefined;
  }

  /** Takes every waiting item of an owner out of the queue and returns them. */
  removeOwner(owner: string): T[] {
    const out: T[] = [];
    for (const owners of Object.values(this.lanes)) {
      out.push(...(owners.get(owner) ?? []));
      owners.delete(owner);
    }
    return out;
  }
}

/** How many items wait in these lanes. */
function waiting<T>(lanes: Map<string, T[]>[]): number {
  let n = 0;
  for (const lane of lanes) for (const items of lane.values()) n += items.length;
  return n;
}
