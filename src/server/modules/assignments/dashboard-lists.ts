import type { AssignmentCard } from '../../../shared/assignments';

/** A dashboard list as it was sent, and what it holds true for. */
export interface KeptList {
  /** The user's dashboard version (table `dashboard_version`) the list was read under. */
  version: number;
  /** Who it was built for: the role and name from the session (a teacher's cards show the name). */
  viewer: string;
  /** The JSON body, serialised from the route's response schema. */
  body: Buffer;
  /** Until when (ms since the epoch) no card's "past deadline" can change: its soonest upcoming deadline. */
  until: number;
}

/** What a kept list costs beyond its body: its key, viewer, record and map entry (about). */
export const ENTRY_OVERHEAD_BYTES = 256;

/**
 * The body in memory of its own: `Buffer.from` puts small strings in slices of a shared 8 kB
 * block, which a kept slice would hold on to whole, unaccounted for.
 */
export function ownBuffer(json: string): Buffer {
  const body = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  body.write(json);
  return body;
}

/**
 * Dashboard lists already sent, kept per user in this process within a memory budget (least
 * recently used first out). A kept list is only ever answered under the version it was read
 * under: the database's triggers move a user's version in the same transaction as any change to
 * what their cards show, whichever instance or process made it, so asking the database for the
 * version (one row by primary key) is enough to know whether the list is still true.
 */
export class DashboardLists {
  readonly #lists = new Map<string, KeptList>();
  #bytes = 0;

  /** `maxBytes` 0 keeps nothing. */
  constructor(readonly maxBytes: number) {}

  /** Whether this keeps anything at all. */
  get enabled() {
    return this.maxBytes > 0;
  }

  /** The list kept for the user if it is still true at `now`, or undefined. */
  find(userId: string, version: number, viewer: string, now: number): Buffer | undefined {
    const kept = this.#lists.get(userId);
    if (!kept) return undefined;
    if (kept.version !== version || kept.viewer !== viewer || now > kept.until) {
      this.#drop(userId, kept);
      return undefined;
    }
    // Most recently used last: the budget evicts from the front.
    this.#lists.delete(userId);
    this.#lists.set(userId, kept);
    return kept.body;
  }

  /** Keeps a list just built (replacing the user's older one), evicting the least recently used beyond the budget. */
  keep(userId: string, list: KeptList): void {
    const old = this.#lists.get(userId);
    if (old) this.#drop(userId, old);
    const cost = costOf(list);
    if (cost > this.maxBytes) return;
    this.#lists.set(userId, list);
    this.#bytes += cost;
    for (const [id, kept] of this.#lists) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(id, kept);
    }
  }

  /** How many lists and bytes are kept. */
  get size() {
    return { lists: this.#lists.size, bytes: this.#bytes };
  }

  #drop(userId: string, kept: KeptList) {
    this.#lists.delete(userId);
    this.#bytes -= costOf(kept);
  }
}

const costOf = (list: KeptList) => list.body.length + ENTRY_OVERHEAD_BYTES;

/**
 * The soonest deadline still ahead among the cards (ms), or Infinity: when the first card turns
 * "past". A deadline that does not parse gives -Infinity: such a list is never answered again.
 */
export function soonestUpcoming(cards: AssignmentCard[]): number {
  let soonest = Infinity;
  for (const card of cards) {
    if (card.isPastDeadline) continue;
    // A student's card turns "past" at her own deadline.
    const at = Date.parse(card.extendedDeadline ?? card.deadline);
    soonest = Number.isNaN(at) ? -Infinity : Math.min(soonest, at);
  }
  return soonest;
}
