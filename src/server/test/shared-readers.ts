import type { SpareReaders } from '../sandbox/spare-readers';

let spare: SpareReaders | undefined;

/** The idle reader processes the test apps of this Vitest worker share, once share-readers.ts set them. */
export const sharedReaders = (): SpareReaders | undefined => spare;

/** Sets (or, with undefined, stops) the sharing of reader processes between test apps. */
export function shareReaders(readers: SpareReaders | undefined): void {
  spare = readers;
}
