import { manyImageDraws } from '../src/grading/testing/hostile-pdfs';
import { loadPdfJs } from '../src/grading/pdfjs';
const bytes = new Uint8Array(manyImageDraws(6, 8));
const pdf = await loadPdfJs().getDocument({ data: bytes, verbosity: 0 }).promise;
const { OPS } = loadPdfJs();
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const t = Date.now();
  const ops = await page.getOperatorList();
  const names = ops.fnArray.map((f, i) => f === OPS.paintImageXObject ? String((ops.argsArray[i] as any)[0]) : null).filter(Boolean);
  const got = await Promise.all(names.slice(0,1).map(name => new Promise(r => { const store = name!.startsWith('g_') ? page.commonObjs : page.objs; const timer = setTimeout(() => r('TIMEOUT'), 5000); store.get(name!, (img: any) => { clearTimeout(timer); r(img?.width); }); })));
  console.log(n, Date.now() - t, names.slice(0,3), got);
}
process.exit(0);
