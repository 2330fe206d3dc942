import { cleanPage, type Grey } from './page-image';

type Cleaned = ReturnType<typeof cleanPage>;
type Pending = { photo: Grey; resolve(c: Cleaned): void; reject(e: Error): void };

let worker: Worker | null | undefined;
let next = 0;
const pending = new Map<number, Pending>();

/** The worker, started on the first photo; null where the browser cannot start one. */
function cleaner(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./clean-page.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (e: MessageEvent<{ id: number; cleaned?: Cleaned; error?: string }>) => {
    const job = pending.get(e.data.id);
    if (!job) return;
    pending.delete(e.data.id);
    if (e.data.cleaned) job.resolve(e.data.cleaned);
    else job.reject(new Error(e.data.error ?? 'the page could not be cleaned'));
  };
  // A worker that cannot load (a blocked script, an old browser): every page waiting on it, and
  // every later one, is cleaned here instead.
  worker.onerror = (e) => {
    e.preventDefault();
    worker?.terminate();
    worker = null;
    for (const [id, job] of pending) {
      pending.delete(id);
      try {
        job.resolve(cleanPage(job.photo));
      } catch (err) {
        job.reject(err as Error);
      }
    }
  };
  return worker;
}

/**
 * cleanPage (page-image.ts) in a worker, so the page stays responsive while photos are cleaned;
 * on the main thread where no worker can be had. The photo is copied to the worker (kept here
 * for that fallback); the cleaned page comes back without a copy.
 */
export function cleanOffThread(photo: Grey): Promise<Cleaned> {
  const w = cleaner();
  if (!w) return Promise.resolve().then(() => cleanPage(photo));
  return new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { photo, resolve, reject });
    w.postMessage({ id, photo });
  });
}
