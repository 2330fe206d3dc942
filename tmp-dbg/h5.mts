import { manyImageDraws } from '../src/grading/testing/hostile-pdfs';
import { extractDocument } from '../src/grading/extract';
import { createOcrEngine } from '../src/grading/ocr';
const ocr = createOcrEngine();
for (const n of [1, 2, 4, 8]) {
  const t = Date.now();
  const e: any = await extractDocument({ kind: 'pdf', bytes: new Uint8Array(manyImageDraws(n, 8)) }, { ocr });
  console.log(n, Date.now() - t, e.status, e.text?.length);
}
await ocr.terminate();
