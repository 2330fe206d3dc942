// Worker thread of a grading run. pdf.js (legacy build) replaces JSON, Array and Promise methods
// for its whole thread with slower polyfills, and grading is CPU-bound: both stay off the server's
// main thread. The TypeScript sources are loaded through tsx, as bin/markwise does.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runGradingJob } = await import('./grading-job.ts');

parentPort.once('message', (job) => {
  runGradingJob(job, (read) => parentPort.postMessage({ type: 'read', read })).then(
    (outcome) => parentPort.postMessage({ type: 'outcome', outcome }),
    (err) => parentPort.postMessage({ type: 'error', message: String(err?.stack ?? err) }),
  );
});
