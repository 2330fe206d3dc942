import { sharedStream, manyImageDraws } from '../src/grading/testing/hostile-pdfs';
import { inspectPdf } from '../src/grading/inspect';
import { extractDocument } from '../src/grading/extract';
for (const [name, bytes] of Object.entries({ shared: sharedStream(50), draws: manyImageDraws(50, 8) })) {
  let t = Date.now();
  const r = await Promise.race([inspectPdf(new Uint8Array(bytes)), new Promise(r => setTimeout(() => r('TIMEOUT'), 30000))]);
  console.log(name, bytes.length, Date.now() - t, 'ms', JSON.stringify(r));
  t = Date.now();
  const e: any = await Promise.race([extractDocument({kind:'pdf', bytes: new Uint8Array(bytes)}), new Promise(r => setTimeout(() => r('TIMEOUT'), 60000))]);
  console.log('extract', name, Date.now() - t, 'ms', JSON.stringify(e).slice(0, 200));
}
process.exit(0);
