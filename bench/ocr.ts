/**
 * OCR benchmark (`npm run bench:ocr`): training answers from ../shared/data rendered as one-page
 * scans in printed and handwriting-style fonts with scan damage (a turn of up to ±3°, blur, grain,
 * uneven light, JPEG), then read by each reader. Prints per reader and font the character error
 * rate (CER), CPU seconds per page (seconds of one core), and the process's peak memory; then,
 * through the engine (PDF → extractDocument → gradeAnswers, as the app grades), the mean
 * difference between the marks of each answer typed and scanned.
 *
 *   npm run bench:ocr                      a sample (2 pages per font, engine reader), ~1 min:
 *                                          with native tesseract installed, the engine both with
 *                                          it (as the app reads) and with tesseract.js
 *   --readers=engine-js                    the engine with tesseract.js only
 *   --readers=engine-native                the engine as the app reads, without tesseract.js beside
 *   --drift-out=FILE                       each answer's typed and scanned marks and texts (JSON lines)
 *   npm run bench:ocr -- --full            10 questions × 12 answers (120 pages), ~10 min
 *   npm run bench:ocr -- --readers=all     also tesseract as before, best_int, cleaned, ≤1 MP,
 *                                          scribe.js-ocr (scribe, scribe-pdf), PaddleOCR
 *   --pages=N                              only the first N pages (one a font, in turn)
 *   OCR_BENCH_PADDLE=/dir/node_modules     where @gutenye/ocr-node is installed (not a dependency)
 *   OCR_BENCH_SCRIBE=/dir/node_modules     where scribe.js-ocr is installed (not a dependency)
 *   OCR_TESSERACT_MODEL=package            native tesseract with the package's model rather than
 *                                          its own (as the app: see docs/configuration.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import {
  createOcrEngine,
  extractDocument,
  gradeAnswers,
  prepareAssignment,
  type ExtractedDocument,
} from '../src/grading';
import { DEFAULT_READ_LIMITS } from '../src/grading/read-limits';
import { findTesseract, systemModelDir, tesseractModelSetting } from '../src/grading/ocr-native';
import { toBmp } from '../src/grading/image';
import { allQuestions, type CorpusQuestion } from './corpora';
import { textDoc } from './fit-model';
import { fonts, scanPage, scanPdf, type Font } from './support/scan-pages';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const FULL = args.includes('--full');
const READERS = (args.find((a) => a.startsWith('--readers='))?.slice(10) ?? 'engine').split(',');
const LIMIT = Number(args.find((a) => a.startsWith('--pages='))?.slice(8)) || Infinity;
const DUMP = args.find((a) => a.startsWith('--dump='))?.slice(7);
const DRIFT_OUT = args.find((a) => a.startsWith('--drift-out='))?.slice(12);

/** Levenshtein distance over characters. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length]!;
}

/** Text as compared: lower case, one space between words. */
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Character error rate of `read` against `truth` (edits over the truth's length). */
const cer = (truth: string, read: string) =>
  distance(norm(truth), norm(read)) / Math.max(1, norm(truth).length);

/** A reader: reads one scanned page (JPEG) to text. */
type Reader = {
  name: string;
  read(page: { jpeg: Buffer; pdf: Uint8Array }): Promise<{ text: string; doc?: ExtractedDocument }>;
  close(): Promise<void>;
};

/**
 * CPU seconds of this process (all threads) and of the children it has waited for: the native
 * tesseract program runs as a child process for each image.
 */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + (Number.isFinite(children) ? children : 0);
}

/** The scan decoded as pdf.js hands it to extraction, as a BMP the way extraction makes it. */
async function bmpOf(jpeg: Buffer, maxPixels: number, clean: boolean): Promise<Uint8Array> {
  const img = await loadImage(jpeg);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  const bmp = toBmp({ width: img.width, height: img.height, kind: 3, data }, maxPixels, { clean });
  if (!bmp) throw new Error('could not make a BMP');
  return bmp;
}

async function tesseractReader(
  name: string,
  dir: string,
  opts: { maxPixels?: number; clean?: boolean } = {},
): Promise<Reader> {
  const langPath = path.join(
    path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    dir,
  );
  const worker: Worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
  });
  return {
    name,
    async read({ jpeg }) {
      const bmp = await bmpOf(jpeg, opts.maxPixels ?? 4_000_000, opts.clean ?? false);
      return { text: (await worker.recognize(Buffer.from(bmp))).data.text };
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

/** PaddleOCR (PP-OCRv4 det + rec, ONNX) through @gutenye/ocr-node, when it can be loaded. */
async function paddleReader(): Promise<Reader | null> {
  const from = process.env.OCR_BENCH_PADDLE;
  try {
    const spec = from ? path.join(from, '@gutenye/ocr-node/build/index.js') : '@gutenye/ocr-node';
    const Ocr = (await import(spec)).default as {
      create(): Promise<{
        detect(image: Buffer): Promise<Array<{ text: string; box: number[][] }>>;
      }>;
    };
    const ocr = await Ocr.create();
    return {
      name: 'paddle-ppocrv4',
      async read({ jpeg }) {
        const lines = await ocr.detect(jpeg);
        return { text: lines.map((l) => l.text).join('\n') };
      },
      close: async () => undefined,
    };
  } catch (e) {
    console.log(`PaddleOCR: not loaded (${(e as Error).message.split('\n')[0]})`);
    return null;
  }
}

/**
 * scribe.js-ocr (its default "quality" mode: tesseract's legacy and LSTM engines, combined) when it
 * can be loaded, with tesseract.js's own model files from @tesseract.js-data/eng (it fetches them
 * from a CDN otherwise). `cleaned`: it reads the page the engine cleans and sizes (as a PNG), else
 * the scanned PDF itself.
 */
async function scribeReader(cleaned: boolean): Promise<Reader | null> {
  const from = process.env.OCR_BENCH_SCRIBE;
  try {
    const spec = from ? path.join(from, 'scribe.js-ocr/scribe.js') : 'scribe.js-ocr';
    const scribe = (await import(spec)).default as {
      opt: { langPath: string | null };
      extractText(files: string[]): Promise<string>;
      terminate(): Promise<void>;
    };
    scribe.opt.langPath = path.join(
      path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
      '4.0.0',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-scribe-'));
    let n = 0;
    return {
      name: `scribe.js-ocr, quality mode, ${cleaned ? 'page cleaned and sized' : 'scanned PDF'}`,
      async read({ jpeg, pdf }) {
        const file = path.join(dir, `${n++}.${cleaned ? 'png' : 'pdf'}`);
        if (cleaned) {
          const img = await loadImage(Buffer.from(await bmpOf(jpeg, 4_000_000, true)));
          const c = createCanvas(img.width, img.height);
          c.getContext('2d').drawImage(img, 0, 0);
          fs.writeFileSync(file, c.toBuffer('image/png'));
        } else fs.writeFileSync(file, pdf);
        return { text: await scribe.extractText([file]) };
      },
      close: async () => {
        await scribe.terminate();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    console.log(`scribe.js-ocr: not loaded (${(e as Error).message.split('\n')[0]})`);
    return null;
  }
}

/** The engine as the app reads a hand-in: the PDF through extractDocument with its OCR engine. */
function engineReader(maxPixels?: number, tesseract?: null): Reader {
  const ocr = createOcrEngine({ tesseract });
  const limits = maxPixels ? { ...DEFAULT_READ_LIMITS, ocrMaxPixels: maxPixels } : undefined;
  const native = ocr.reader === 'tesseract' ? findTesseract() : null;
  const own = native && tesseractModelSetting() === 'system' ? systemModelDir(native) : null;
  const program = native ? 'native tesseract' : 'tesseract.js';
  const model = own ? `eng of ${own}` : 'eng 4.0.0';
  return {
    name: `engine (${program}, ${model} + noise filter${maxPixels ? `, ≤${maxPixels / 1e6} MP` : ''})`,
    async read({ pdf }) {
      const doc = await extractDocument({ kind: 'pdf', bytes: pdf }, { ocr, limits });
      return { text: doc.status === 'ok' ? doc.text : '', doc };
    },
    close: () => ocr.terminate(),
  };
}

async function makeReaders(): Promise<Reader[]> {
  const all = READERS.includes('all');
  const want = (n: string) => all || READERS.includes(n);
  const out: Reader[] = [];
  if (want('engine') || want('engine-native')) out.push(engineReader());
  // With the native program installed the engine reads with it; tesseract.js beside it.
  if (want('engine-js') || (want('engine') && findTesseract()))
    out.push(engineReader(undefined, null));
  if (want('engine-1mp')) out.push(engineReader(1_000_000));
  if (want('tesseract'))
    out.push(await tesseractReader('tesseract.js eng 4.0.0 (as before)', '4.0.0'));
  if (want('best'))
    out.push(await tesseractReader('tesseract.js eng 4.0.0_best_int', '4.0.0_best_int'));
  if (want('best-small'))
    out.push(
      await tesseractReader('tesseract.js 4.0.0_best_int, cleaned, ≤1 MP', '4.0.0_best_int', {
        clean: true,
        maxPixels: 1_000_000,
      }),
    );
  if (want('clean'))
    out.push(await tesseractReader('tesseract.js 4.0.0, page cleaned', '4.0.0', { clean: true }));
  if (want('small'))
    out.push(
      await tesseractReader('tesseract.js 4.0.0, cleaned, ≤1 MP', '4.0.0', {
        clean: true,
        maxPixels: 1_000_000,
      }),
    );
  for (const [name, cleaned] of [
    ['scribe', true],
    ['scribe-pdf', false],
  ] as const) {
    if (!want(name)) continue;
    const r = await scribeReader(cleaned);
    if (r) out.push(r);
  }
  if (want('paddle')) {
    const p = await paddleReader();
    if (p) out.push(p);
  }
  return out;
}

type Item = { q: CorpusQuestion; answer: string; share: number; font: Font; seed: number };

/** The sample: a few questions of each corpus, their answers drawn in turn in each font. */
function sample(fs_: Font[]): Item[] {
  const perQuestion = FULL ? 12 : 4;
  const questions = allQuestions();
  const mohler = questions.filter((q) => q.corpus === 'mohler' && q.answers.length >= perQuestion);
  const semeval = questions.filter((q) => q.corpus !== 'mohler' && q.answers.length >= perQuestion);
  const pick = (qs: CorpusQuestion[], n: number) =>
    Array.from({ length: n }, (_, k) => qs[Math.floor(((k + 0.5) * qs.length) / n)]!);
  const chosen = FULL
    ? [...pick(mohler, 5), ...pick(semeval, 5)]
    : [...pick(mohler, 2), ...pick(semeval, 2)];
  const items: Item[] = [];
  let k = 0;
  for (const q of chosen) {
    for (const a of q.answers.slice(0, perQuestion)) {
      const font = fs_[k % fs_.length]!;
      items.push({ q, answer: a.answer, share: a.share, font, seed: 1000 + k });
      k++;
    }
  }
  return items;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main() {
  const fontList = fonts();
  const items = sample(fontList).slice(0, LIMIT);
  const pages = await Promise.all(
    items.map(async (it) => {
      const jpeg = scanPage(it.answer, it.font, it.seed);
      return { it, jpeg, pdf: await scanPdf(jpeg) };
    }),
  );
  if (DUMP) {
    fs.mkdirSync(DUMP, { recursive: true });
    pages.forEach((p, i) =>
      fs.writeFileSync(path.join(DUMP, `${i}-${p.it.font.name}.jpg`), p.jpeg),
    );
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `OCR benchmark: ${pages.length} one-page scans (A4, 150 dpi, JPEG ${Math.round(pages.reduce((s, p) => s + p.jpeg.length, 0) / pages.length / 1024)} kB mean), ${fontList.length} fonts; load average ${load} on ${os.cpus().length} cores`,
  );
  const readers = await makeReaders();
  const engineDocs = new Map<number, ExtractedDocument>();
  let engineReaderName: string | undefined;
  const rows: string[][] = [['reader', 'font', 'pages', 'CER', 'CPU s/page', 'peak RSS MB']];
  for (const reader of readers) {
    const byFont = new Map<string, { errs: number; len: number; n: number; cpu: number }>();
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    for (const [i, p] of pages.entries()) {
      const cpu0 = cpuSeconds();
      const { text, doc } = await reader.read(p);
      const cpuS = cpuSeconds() - cpu0;
      const cpu = { user: cpuS * 1e6, system: 0 };
      // the marks drift is the engine's as the app reads: the first engine reader's
      if (doc) engineReaderName ??= reader.name;
      if (doc && reader.name === engineReaderName) engineDocs.set(i, doc);
      process.stderr.write(
        `${reader.name}: page ${i + 1}/${pages.length}, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s\n`,
      );
      const f = byFont.get(p.it.font.name) ?? { errs: 0, len: 0, n: 0, cpu: 0 };
      const truth = norm(p.it.answer);
      f.errs += cer(truth, text) * truth.length;
      f.len += truth.length;
      f.n++;
      f.cpu += (cpu.user + cpu.system) / 1e6;
      byFont.set(p.it.font.name, f);
    }
    clearInterval(timer);
    await reader.close();
    const kinds = {
      printed: { errs: 0, len: 0, n: 0, cpu: 0 },
      handwriting: { errs: 0, len: 0, n: 0, cpu: 0 },
    };
    for (const font of fontList) {
      const f = byFont.get(font.name);
      if (!f) continue;
      rows.push([
        reader.name,
        `${font.name} (${font.kind})`,
        String(f.n),
        pct(f.errs / f.len),
        (f.cpu / f.n).toFixed(2),
        '',
      ]);
      const k = kinds[font.kind];
      k.errs += f.errs;
      k.len += f.len;
      k.n += f.n;
      k.cpu += f.cpu;
    }
    rows.push([
      reader.name,
      'all printed',
      String(kinds.printed.n),
      `${pct(kinds.printed.errs / kinds.printed.len)} (target ≤ 2%)`,
      (kinds.printed.cpu / kinds.printed.n).toFixed(2),
      '',
    ]);
    rows.push([
      reader.name,
      'all handwriting-style',
      String(kinds.handwriting.n),
      `${pct(kinds.handwriting.errs / kinds.handwriting.len)} (target ≤ 8%)`,
      (kinds.handwriting.cpu / kinds.handwriting.n).toFixed(2),
      (peak / 2 ** 20).toFixed(0),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));

  if (engineDocs.size)
    drift(
      pages.map((p) => p.it),
      engineDocs,
    );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('Target: 500 one-page scans graded within 2 min on 2 cores ≈ 0.48 CPU s a page.');
}

/** Grades each question's answers typed and as scanned, as one class each, and compares marks. */
function drift(items: Item[], docs: Map<number, ExtractedDocument>) {
  const byQ = new Map<string, number[]>();
  items.forEach((it, i) => byQ.set(it.q.id, [...(byQ.get(it.q.id) ?? []), i]));
  const diffs: { kind: string; d: number }[] = [];
  let held = 0;
  let flagged = 0;
  for (const idx of byQ.values()) {
    const q = items[idx[0]!]!.q;
    const prepared = prepareAssignment({
      modelAnswer: textDoc(q.model),
      questionPaper: textDoc(q.question),
      totalMarks: 5,
    });
    const typed = gradeAnswers(
      prepared,
      idx.map((i) => ({ id: String(i), document: textDoc(items[i]!.answer) })),
    );
    const scanned = gradeAnswers(
      prepared,
      idx.map((i) => ({ id: String(i), document: docs.get(i)! })),
    );
    typed.forEach((t, k) => {
      const s = scanned[k]!;
      if (s.status !== 'graded') {
        held++;
        return;
      }
      if (s.reviewReasons.includes('hard-to-read')) flagged++;
      if (t.status !== 'graded') return;
      const it = items[idx[k]!]!;
      diffs.push({ kind: it.font.kind, d: s.marks - t.marks });
      const doc = docs.get(idx[k]!)!;
      if (DRIFT_OUT)
        fs.appendFileSync(
          DRIFT_OUT,
          JSON.stringify({
            question: q.id,
            font: it.font.name,
            typed: t.marks,
            scanned: s.marks,
            reasons: s.reviewReasons,
            text: it.answer,
            read: doc.status === 'ok' ? doc.text : null,
          }) + '\n',
        );
    });
  }
  for (const kind of ['printed', 'handwriting'] as const) {
    const ds = diffs.filter((x) => x.kind === kind).map((x) => x.d);
    const mean = ds.reduce((a, b) => a + b, 0) / (ds.length || 1);
    const abs = ds.reduce((a, b) => a + Math.abs(b), 0) / (ds.length || 1);
    console.log(
      `mark drift, scanned − typed, ${kind}: mean ${mean.toFixed(2)}, mean |difference| ${abs.toFixed(2)} of 5 over ${ds.length} answers (target ≤ 0.3)`,
    );
  }
  console.log(
    `scanned answers held for the teacher as unreadable: ${held}; graded but flagged hard to read: ${flagged}`,
  );
}

await main();
