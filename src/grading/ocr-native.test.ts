import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrEngine, extractDocument } from '.';
import { NATIVE_FAILURES_TO_GIVE_UP } from './ocr';
import { lstmModelDir, lstmOnly, packageModel, tesseractJsModel } from './ocr-model';
import {
  findTesseract,
  nativeModelDir,
  readingOfTsv,
  systemModelDir,
  tesseractModelSetting,
} from './ocr-native';
import { makePdf } from './testing/make-pdf';
import { textPng } from './testing/render-png';

const TSV_HEAD =
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const row = (
  level: number,
  block: number,
  line: number,
  word: number,
  box: number[],
  conf: number,
  text = '',
) => [level, 1, block, 1, line, word, ...box, conf, text].join('\t');

describe('readingOfTsv', () => {
  it('reads the words, their lines across blocks, boxes as shares and the mean confidence', () => {
    const tsv = [
      TSV_HEAD,
      row(1, 0, 0, 0, [0, 0, 200, 100], -1),
      row(4, 1, 1, 0, [10, 10, 100, 10], -1),
      row(5, 1, 1, 1, [10, 10, 40, 10], 90, 'Plants'),
      row(5, 1, 1, 2, [60, 10, 50, 10], 70, 'absorb'),
      row(5, 1, 1, 3, [120, 10, 5, 10], 95, ' '), // a space: no word
      row(5, 2, 1, 1, [10, 50, 40, 20], 50, 'light'),
      '',
    ].join('\n');
    const reading = readingOfTsv(tsv, { width: 200, height: 100 });
    expect(reading.text).toBe('Plants absorb\nlight');
    expect(reading.confidence).toBeCloseTo(0.7);
    expect(reading.words).toEqual([
      { text: 'Plants', confidence: 0.9, line: 0, x: 0.05, y: 0.1, w: 0.2, h: 0.1 },
      { text: 'absorb', confidence: 0.7, line: 0, x: 0.3, y: 0.1, w: 0.25, h: 0.1 },
      { text: 'light', confidence: 0.5, line: 1, x: 0.05, y: 0.5, w: 0.2, h: 0.2 },
    ]);
  });

  it('reads nothing from an empty page or output that is not TSV', () => {
    expect(readingOfTsv(`${TSV_HEAD}\n${row(1, 0, 0, 0, [0, 0, 9, 9], -1)}\n`, null)).toEqual({
      text: '',
      confidence: 0,
      words: [],
    });
    expect(readingOfTsv('garbage\n5\tx', null).words).toEqual([]);
  });
});

describe('lstmOnly', () => {
  /** A model file's parts by their number: null where it lacks one. */
  const partsOf = (model: Buffer) => {
    const count = model.readInt32LE(0);
    const offsets = Array.from({ length: count }, (_, i) =>
      Number(model.readBigInt64LE(4 + 8 * i)),
    );
    return offsets.map((o, i) => {
      if (o < 0) return null;
      const end = offsets.find((n, j) => j > i && n >= 0) ?? model.length;
      return model.subarray(o, end);
    });
  };

  it("keeps the LSTM engine's parts of the shipped model, byte for byte, and drops the rest", () => {
    const { langPath } = packageModel();
    const full = zlib.gunzipSync(fs.readFileSync(path.join(langPath, 'eng.traineddata.gz')));
    const slim = lstmOnly(full);
    const before = partsOf(full);
    const after = partsOf(slim);
    expect(after).toHaveLength(before.length);
    for (const [i, part] of after.entries()) {
      const kept = i === 0 || i >= 17; // the settings, the network and its dictionaries
      if (!kept) expect(part, `part ${i}`).toBeNull();
      else if (before[i] === null) expect(part, `part ${i}`).toBeNull();
      else expect(part?.equals(before[i]!), `part ${i}`).toBe(true);
    }
    // the legacy engine's templates and its 16 MB word-pair dictionary are most of the file
    expect(before[14]!.length).toBeGreaterThan(10_000_000);
    expect(slim.length).toBeLessThan(full.length / 3);
  });

  it("is what tesseract.js reads, unless it cannot be written: then the package's own file", () => {
    expect(tesseractJsModel()).toEqual({ langPath: lstmModelDir(), gzip: false });
    const file = path.join(os.tmpdir(), `markwise-not-a-dir-${process.pid}`);
    fs.writeFileSync(file, '');
    const before = process.env.TMPDIR;
    process.env.TMPDIR = file; // os.tmpdir() is a file: nothing can be written under it
    try {
      expect(() => lstmModelDir()).toThrow();
      expect(tesseractJsModel()).toEqual(packageModel());
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      fs.rmSync(file);
    }
  });

  it('refuses a file that is not a model', () => {
    expect(() => lstmOnly(Buffer.from('not a model at all'))).toThrow(/not a tesseract model/);
    expect(() => lstmOnly(Buffer.alloc(2))).toThrow(/not a tesseract model/);
    const lying = Buffer.alloc(4 + 8 * 24, 0xff);
    lying.writeInt32LE(24, 0);
    lying.writeBigInt64LE(1_000_000n, 4 + 8 * 17); // a part past the end of the file
    expect(() => lstmOnly(lying)).toThrow(/not a tesseract model/);
    const empty = Buffer.alloc(4 + 8 * 24, 0xff);
    empty.writeInt32LE(24, 0);
    expect(() => lstmOnly(empty)).toThrow(/no LSTM network/);
  });
});

describe('the native tesseract program, an optional speed-up', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-ocr-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };

  it('is used only when it runs as tesseract', () => {
    expect(findTesseract('off')).toBeNull();
    expect(findTesseract(path.join(dir, 'missing'))).toBeNull();
    expect(findTesseract(script('not-tesseract', 'echo "cat 1.0"'))).toBeNull();
    expect(findTesseract(script('fails', 'echo "tesseract 5.3.0"; exit 1'))).toBeNull();
  });

  it("reads with its own English model where it lists one, else the package's", () => {
    const own = path.join(dir, 'own-tessdata');
    fs.mkdirSync(own);
    fs.writeFileSync(path.join(own, 'eng.traineddata'), 'model');
    const lists = (name: string, out: string, code = 0) =>
      script(name, `printf '${out}'; exit ${code}`);
    const header = (d: string, n: number) => `List of available languages in "${d}/" (${n}):\\n`;
    const withEng = lists('lists-eng', `${header(own, 2)}eng\\nosd\\n`);
    expect(systemModelDir(withEng)).toBe(own);
    expect(nativeModelDir(withEng, 'system')).toBe(own);
    expect(nativeModelDir(withEng, 'package')).toBe(lstmModelDir());
    // no English model, a listed model that is not there, a program that fails: the package's
    for (const program of [
      lists('lists-osd', `${header(own, 1)}osd\\n`),
      lists('lists-missing', `${header(path.join(dir, 'none'), 1)}eng\\n`),
      lists('lists-fails', `${header(own, 1)}eng\\n`, 1),
    ]) {
      expect(systemModelDir(program)).toBeNull();
      expect(nativeModelDir(program, 'system')).toBe(lstmModelDir());
    }
    expect(tesseractModelSetting({})).toBe('system');
    expect(tesseractModelSetting({ OCR_TESSERACT_MODEL: ' package ' })).toBe('package');
  });

  // CI installs Debian's tesseract-ocr (.ci/run): there the native reader is always tested.
  const native = findTesseract('auto');
  it.skipIf(!native && !process.env.CI)(
    "reads a scanned page with Debian's own English model",
    { timeout: 60_000 },
    async () => {
      expect(systemModelDir(native!)).toMatch(/tessdata\/?$/);
      const png = await textPng(['Plants absorb light energy', 'and release oxygen.']);
      const bytes = await makePdf([{ png }]);
      const ocr = createOcrEngine({ tesseract: native });
      try {
        const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr });
        expect(doc.status === 'ok' && doc.text).toBe(
          'Plants absorb light energy\nand release oxygen.',
        );
      } finally {
        await ocr.terminate();
      }
    },
  );

  it.skipIf(!native && !process.env.CI)(
    "with the package's model, reads a scanned page as tesseract.js does: the same words in the same places",
    { timeout: 60_000 },
    async () => {
      expect(
        native,
        'CI needs the tesseract program (apt-get install tesseract-ocr)',
      ).not.toBeNull();
      const png = await textPng(['Plants absorb light energy', 'and release oxygen.']);
      const bytes = await makePdf([{ png }]);
      // with the model tesseract.js reads with
      const setting = process.env.OCR_TESSERACT_MODEL;
      process.env.OCR_TESSERACT_MODEL = 'package';
      const fast = createOcrEngine({ tesseract: native });
      const wasm = createOcrEngine({ tesseract: null });
      try {
        expect(fast.reader).toBe('tesseract');
        expect(wasm.reader).toBe('tesseract.js');
        const a = await extractDocument({ kind: 'pdf', bytes }, { ocr: fast });
        const b = await extractDocument({ kind: 'pdf', bytes }, { ocr: wasm });
        expect(a.status).toBe('ok');
        if (a.status !== 'ok' || b.status !== 'ok') return;
        expect(a.text).toBe('Plants absorb light energy\nand release oxygen.');
        expect(a.text).toBe(b.text);
        const words = (d: typeof a) => d.pages[0]!.words!.map((w) => w.text);
        expect(words(a)).toEqual(words(b));
        const boxes = (d: typeof a) =>
          d.pages[0]!.words!.map((w) => [w.x, w.y].map((v) => v.toFixed(3)));
        expect(boxes(a)).toEqual(boxes(b));
        expect(a.pages[0]!.ocrConfidence).toBeGreaterThan(0.8);
      } finally {
        if (setting === undefined) delete process.env.OCR_TESSERACT_MODEL;
        else process.env.OCR_TESSERACT_MODEL = setting;
        await fast.terminate();
        await wasm.terminate();
      }
    },
  );

  it(
    'leaves an image it cannot read to tesseract.js, and every image after a few failures',
    { timeout: 60_000 },
    async () => {
      const calls = path.join(dir, 'calls');
      const broken = script(
        'broken-tesseract',
        // asked for its models it lists none; given an image it crashes
        `[ "$1" = --list-langs ] && exit 0; echo x >> ${calls}; cat >/dev/null; echo "Segmentation fault" >&2; exit 139`,
      );
      const ocr = createOcrEngine({ tesseract: broken });
      try {
        expect(ocr.reader).toBe('tesseract');
        const png = await textPng(['Current flows through the bulb']);
        const bytes = await makePdf([{ png }]);
        for (let i = 0; i < NATIVE_FAILURES_TO_GIVE_UP + 1; i++) {
          const doc = await extractDocument({ kind: 'pdf', bytes }, { ocr });
          expect(doc.status === 'ok' && doc.text).toBe('Current flows through the bulb');
        }
        // tried until it had failed that many times in a row, then no more
        expect(fs.readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(
          NATIVE_FAILURES_TO_GIVE_UP,
        );
        expect(ocr.reader).toBe('tesseract.js');
      } finally {
        await ocr.terminate();
      }
    },
  );
});
