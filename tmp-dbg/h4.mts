import { manyImageDraws, hugeImage } from '../src/grading/testing/hostile-pdfs';
import { extractDocument } from '../src/grading/extract';
import { createOcrEngine } from '../src/grading/ocr';
const ocr = createOcrEngine();
for (const [name, b] of [['draws1', manyImageDraws(1, 1)], ['draws1b', manyImageDraws(1, 1)], ['img4000', await hugeImage(4000)]] as const) {
  const t = Date.now();
  const e: any = await extractDocument({ kind: 'pdf', bytes: new Uint8Array(b) }, { ocr });
  console.log(name, Date.now() - t, e.status, e.reason ?? '', process.memoryUsage().rss >> 20, 'MB');
}
await ocr.terminate();
