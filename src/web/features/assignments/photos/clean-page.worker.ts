// Cleans a photographed page off the page's main thread (see clean-off-thread.ts): finding the
// sheet, straightening, turning and sharpening a 12-megapixel photo takes a phone a second or
// more, in which the page would not scroll or answer a tap.
import { cleanPage, type Grey } from './page-image';

/** The part of a dedicated worker's scope this file uses (the project's types are the DOM's). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ id: number; photo: Grey }>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, photo } = e.data;
  try {
    const cleaned = cleanPage(photo);
    scope.postMessage({ id, cleaned }, [cleaned.page.data.buffer]);
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }, []);
  }
};
