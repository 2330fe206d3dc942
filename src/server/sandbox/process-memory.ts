import fs from 'node:fs/promises';

const PAGE_SIZE = 4096;

/**
 * Resident memory of a process and the processes it has started, in bytes, read from /proc
 * (Linux); null where there is no /proc. The reader processes are watched with it, because a
 * child's heap limit does not count the buffers and WebAssembly memory that decoding and OCR
 * use, nor the native tesseract program a reader runs for a scanned page.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  const own = await rss(pid);
  if (own === null) return null;
  let total = own;
  for (const child of await childrenOf(pid)) total += (await residentBytes(child)) ?? 0;
  return total;
}

async function rss(pid: number): Promise<number | null> {
  try {
    const statm = await fs.readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * PAGE_SIZE;
  } catch {
    return null;
  }
}

/**
 * The children the process's main thread started (a reader starts the tesseract program from its
 * main thread); none where the kernel does not list them.
 */
async function childrenOf(pid: number): Promise<number[]> {
  try {
    const list = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return list.split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
