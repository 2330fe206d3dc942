import fs from 'node:fs/promises';

const PAGE_SIZE = 4096;

/**
 * Resident memory of a process in bytes, read from /proc (Linux); null where there is no /proc.
 * The reader processes are watched with it, because a child's heap limit does not count the
 * buffers and WebAssembly memory that decoding and OCR use.
 */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const statm = await fs.readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * PAGE_SIZE;
  } catch {
    return null;
  }
}
