import { startWorker } from '../server/worker';

/** `markwise worker`: a grading worker without the web server, until it is stopped. */
export async function main(): Promise<number | undefined> {
  return startWorker();
}
