import { fileLimitMessages } from '../../shared/file-limits';
import type { SandboxLimit } from './sandbox-pool';

/** The words for a file whose reader was stopped by a limit; uploads and grading say the same. */
export function readerLimitMessage(limit: SandboxLimit, timeoutMs: number, memoryMb: number) {
  if (limit === 'time') return fileLimitMessages.tooSlow(Math.round(timeoutMs / 1000));
  if (limit === 'memory') return fileLimitMessages.tooMuchMemory(memoryMb);
  return fileLimitMessages.readerCrashed;
}
