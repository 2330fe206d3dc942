import { loadDev } from './bench/dev-data';
import { fonts, scanPage, scanPdf } from './bench/support/scan-pages';
import { createOcrEngine, extractDocument } from './src/grading';
const questions = loadDev().filter((q) => q.assignment === '1');
const fontList = fonts();
const pdfs: Uint8Array[] = [];
for (let k = 0; k < 12; k++) {
  const jpeg = scanPage(questions.map((q, i) => `${i + 1}. ${q.rows[k % q.rows.length]!.answer}`).join(' '), fontList[k % fontList.length]!, 5000 + k, 50);
  pdfs.push(await scanPdf(jpeg, `S${k}`));
}
const ocr = createOcrEngine();
await extractDocument({ kind: 'pdf', bytes: pdfs[0]! }, { ocr });
const c0 = process.cpuUsage(); const r0 = process.resourceUsage(); const t0 = performance.now();
for (const bytes of pdfs.slice(1)) await extractDocument({ kind: 'pdf', bytes }, { ocr });
const c = process.cpuUsage(c0);
console.log('wall/page', ((performance.now() - t0) / 11000).toFixed(3), 'own cpu/page', ((c.user + c.system) / 11e6).toFixed(3));
await ocr.terminate();
