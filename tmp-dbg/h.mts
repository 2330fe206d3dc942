import { hostilePdfs } from '../src/grading/testing/hostile-pdfs';
import { inspectPdf } from '../src/grading/inspect';
import { extractDocument } from '../src/grading/extract';
const all = await hostilePdfs();
for (const [name, bytes] of Object.entries(all)) {
  const t = Date.now();
  const r = await Promise.race([inspectPdf(new Uint8Array(bytes)), new Promise(r => setTimeout(() => r('TIMEOUT'), 15000))]);
  console.log(name, bytes.length, Date.now() - t, 'ms', JSON.stringify(r));
}
