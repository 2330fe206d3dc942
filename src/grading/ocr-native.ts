// Native tesseract as an optional speed-up of OCR: where the operator has installed it (Debian's
// `tesseract-ocr`), a scanned page is read by the tesseract program with the same English model
// tesseract.js uses, its OCR in about a third of the CPU time. Nothing needs it: without it, or with
// OCR_TESSERACT=off, tesseract.js reads every page as before.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lstmModelDir } from './ocr-model';
import type { OcrReading } from './types';

/** What OCR_TESSERACT may say: `auto` (the default), `off`, or the tesseract program's path. */
export type TesseractSetting = 'auto' | 'off' | (string & {});

/**
 * The native tesseract program to read with, or null for tesseract.js: `auto` takes `tesseract`
 * from the PATH when it is there and runs, `off` never uses it, a path uses that program (null
 * when it does not run). Checked once per process and setting.
 */
export function findTesseract(setting: TesseractSetting = tesseractSetting()): string | null {
  if (setting === 'off') return null;
  const cached = found.get(setting);
  if (cached !== undefined) return cached;
  const program = setting === 'auto' ? onPath('tesseract') : setting;
  const ok = program !== null && runs(program);
  found.set(setting, ok ? program : null);
  return ok ? program : null;
}

const found = new Map<string, string | null>();

/** OCR_TESSERACT from the environment, `auto` when unset or empty (the server checks the rest). */
export function tesseractSetting(env: NodeJS.ProcessEnv = process.env): TesseractSetting {
  const value = env.OCR_TESSERACT?.trim();
  if (!value || value === 'auto') return 'auto';
  return value;
}

/**
 * Which English model the native program reads with (OCR_TESSERACT_MODEL): `system`, the
 * default, its own where it has one (Debian and Ubuntu install tesseract's `tessdata_fast` model
 * with the program, which reads the benchmark's handwriting-style pages better than the
 * package's; see docs/grading.md), else the package's; `package`, always the package's
 * (`@tesseract.js-data/eng`, the model tesseract.js reads with).
 */
export type TesseractModel = 'system' | 'package';

/** OCR_TESSERACT_MODEL from the environment, `system` when unset or empty. */
export function tesseractModelSetting(env: NodeJS.ProcessEnv = process.env): TesseractModel {
  return env.OCR_TESSERACT_MODEL?.trim() === 'package' ? 'package' : 'system';
}

/**
 * The directory of the program's own English model, as `tesseract --list-langs` names it
 * (tesseract 5 prints the directory; 4 does not, and reads with the package's model), or null
 * when it lists none. Asked once per program.
 */
export function systemModelDir(program: string): string | null {
  const cached = systemModels.get(program);
  if (cached !== undefined) return cached;
  const guard = setpriv();
  const r = guard
    ? spawnSync(guard, ['--pdeathsig', 'KILL', '--', program, '--list-langs'], {
        timeout: 10_000,
        encoding: 'utf8',
        env: programEnv(),
      })
    : null;
  const out = `${r?.stdout ?? ''}`;
  const dir = /languages in "([^"]+)"/.exec(out)?.[1];
  const listed = out.split('\n').some((line) => line.trim() === 'eng');
  const found =
    r?.status === 0 && dir && listed && fs.existsSync(path.join(dir, 'eng.traineddata'))
      ? path.resolve(dir)
      : null;
  // a listing that did not finish (a loaded machine) is asked again next time, not remembered
  if (r?.status !== null) systemModels.set(program, found);
  return found;
}

const systemModels = new Map<string, string | null>();

/** The directory of the English model the program reads with (see TesseractModel). */
export function nativeModelDir(program: string, setting = tesseractModelSetting()): string {
  const own = setting === 'system' ? systemModelDir(program) : null;
  if (own) return own;
  const model = (modelDir ??= lstmModelDir());
  // removed by a temporary-files cleaner: unpacked again for the next image
  if (fs.existsSync(path.join(model, 'eng.traineddata'))) return model;
  return (modelDir = lstmModelDir());
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * Whether the program answers `--version` as tesseract 4 or later does, run the way readings run
 * it: under `setpriv --pdeathsig` (util-linux 2.33 or later), so that it dies with its reader.
 * Where that cannot be had, the native program is not used at all.
 */
function runs(program: string): boolean {
  const guard = setpriv();
  if (!guard) return false;
  const r = spawnSync(guard, ['--pdeathsig', 'KILL', '--', program, '--version'], {
    timeout: 10_000,
    encoding: 'utf8',
    env: programEnv(),
  });
  const major = Number(/tesseract v?(\d+)/i.exec(`${r.stdout}${r.stderr}`)?.[1]);
  return r.status === 0 && major >= 4;
}

let setprivPath: string | null | undefined;
const setpriv = () => (setprivPath ??= onPath('setpriv'));

/** The environment the program runs with: none of the server's settings or secrets. */
function programEnv(): NodeJS.ProcessEnv {
  const { PATH, LANG, LC_ALL } = process.env;
  return { PATH, LANG, LC_ALL, OMP_THREAD_LIMIT: '1' };
}

/** The longest one image may take the native program before it is stopped. */
export const NATIVE_OCR_TIMEOUT_MS = 30_000;

/** Output over this is not a page's reading (a page of text is about 20 kB of TSV). */
const MAX_TSV_BYTES = 8 * 1024 * 1024;

/**
 * Reads one image (BMP) with the native tesseract program as tesseract.js does (LSTM, the page
 * as one block of text), with the English model `nativeModelDir` names, on one thread (the
 * reader processes are one per core already), with
 * none of the server's environment. The program dies with the reader (`setpriv --pdeathsig`), so
 * a reader killed for its time or memory leaves nothing running; its memory counts toward the
 * reader's (process-memory.ts).
 */
export async function recognizeNative(
  program: string,
  image: Uint8Array,
  size: { width: number; height: number } | null,
): Promise<OcrReading> {
  // async: a model that cannot be unpacked (no writable temporary directory) rejects like a
  // failed reading, and the caller falls back to tesseract.js
  const model = nativeModelDir(program);
  const guard = setpriv();
  if (!guard) throw new Error('setpriv is needed to run tesseract');
  const args = [
    '--pdeathsig',
    'KILL',
    '--',
    program,
    'stdin',
    'stdout',
    '--tessdata-dir',
    model,
    '-l',
    'eng',
    '--oem',
    '1',
    // tesseract.js's own default (a single block of text), so both read a page alike
    '--psm',
    '6',
    '-c',
    'tessedit_create_tsv=1',
    '-c',
    'tessedit_create_txt=0',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(guard, args, { stdio: ['pipe', 'pipe', 'pipe'], env: programEnv() });
    const out: Buffer[] = [];
    let bytes = 0;
    let err = '';
    let failed: Error | null = null;
    const fail = (e: Error) => {
      failed ??= e;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => fail(new Error('tesseract took too long')),
      NATIVE_OCR_TIMEOUT_MS,
    );
    child.stdout.on('data', (d: Buffer) => {
      bytes += d.length;
      if (bytes > MAX_TSV_BYTES) fail(new Error('tesseract wrote too much'));
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.stdin.on('error', () => undefined); // a program that dies early closes its input
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed) return reject(failed);
      if (code !== 0) return reject(new Error(`tesseract exited with ${code}: ${err.trim()}`));
      resolve(readingOfTsv(Buffer.concat(out).toString('utf8'), size));
    });
    child.stdin.end(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  });
}

let modelDir: string | undefined;

/**
 * tesseract's TSV (one row per page, block, paragraph, line and word) as a reading: the words
 * with their confidence, line and box, the text line by line, and the confidence as tesseract
 * gives a page's (the mean of its words').
 */
export function readingOfTsv(
  tsv: string,
  size: { width: number; height: number } | null,
): OcrReading {
  const width = size && size.width > 0 ? size.width : 0;
  const height = size && size.height > 0 ? size.height : 0;
  const words: NonNullable<OcrReading['words']> = [];
  const lines: string[][] = [];
  const lineIndex = new Map<string, number>();
  let confSum = 0;
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join('\t').trim();
    const conf = Number(f[10]);
    if (!text || !(conf >= 0)) continue;
    const key = `${f[1]}.${f[2]}.${f[3]}.${f[4]}`;
    let line = lineIndex.get(key);
    if (line === undefined) {
      line = lines.length;
      lineIndex.set(key, line);
      lines.push([]);
    }
    lines[line]!.push(text);
    const [left, top, w, h] = f.slice(6, 10).map(Number) as [number, number, number, number];
    const confidence = Math.max(0, Math.min(1, conf / 100));
    confSum += confidence;
    words.push({
      text,
      confidence,
      line,
      x: width ? left / width : 0,
      y: height ? top / height : 0,
      w: width ? w / width : 0,
      h: height ? h / height : 0,
    });
  }
  return {
    text: lines.map((l) => l.join(' ')).join('\n'),
    confidence: words.length ? confSum / words.length : 0,
    words,
  };
}
