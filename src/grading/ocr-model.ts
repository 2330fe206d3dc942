// The English model both OCR readers use, as tesseract's LSTM engine needs it: the package's file
// carries a second, legacy engine that `--oem 1` never runs but tesseract loads all the same.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

/** Where the bundled English model lives in its package (gzipped); read from disk, never fetched. */
export function packageModel(): { langPath: string; gzip: boolean } {
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return { langPath: data.langPath, gzip: data.gzip };
}

/**
 * The model tesseract.js reads with: the LSTM engine's parts alone (`lstmModelDir`), which start
 * a worker in half the time and about 90 MB smaller, the same reading; the package's whole file
 * where they cannot be written (no writable temporary directory).
 */
export function tesseractJsModel(): { langPath: string; gzip: boolean } {
  try {
    return { langPath: lstmModelDir(), gzip: false };
  } catch {
    return packageModel();
  }
}

/**
 * The shipped English model (`@tesseract.js-data/eng` 4.0.0, gzipped in the package) unpacked once
 * into this user's own directory (mode 700) with only the parts the LSTM engine reads
 * (`lstmOnly`); the directory holding it. Both readers read with it: the same network and
 * dictionaries, so a page reads as with the package's file. Throws where it cannot be written.
 */
export function lstmModelDir(): string {
  const gz = path.join(packageModel().langPath, 'eng.traineddata.gz');
  const stat = fs.statSync(gz);
  // this user's own directory, which nobody else may write to: a planted model would be read
  const uid = process.getuid?.() ?? 0;
  const dir = path.join(os.tmpdir(), `markwise-tessdata-${uid}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = fs.lstatSync(dir);
  if (!own.isDirectory() || own.uid !== uid || (own.mode & 0o077) !== 0)
    throw new Error(`${dir} is not this user's own directory`);
  const version = path.join(dir, `${stat.size}-${Math.floor(stat.mtimeMs)}-lstm`);
  fs.mkdirSync(version, { recursive: true, mode: 0o700 });
  const file = path.join(version, 'eng.traineddata');
  if (!fs.existsSync(file)) {
    // Written beside, then renamed: readers starting together never see half a model.
    const part = `${file}.${process.pid}.part`;
    fs.rmSync(part, { force: true });
    const model = lstmOnly(zlib.gunzipSync(fs.readFileSync(gz)));
    fs.writeFileSync(part, model, { flag: 'wx', mode: 0o600 });
    fs.renameSync(part, file);
  }
  return version;
}

/**
 * The parts of a tesseract model file (a `.traineddata`: a count, one 64-bit offset a part, -1
 * for a part it lacks, then the parts in order) that tesseract reads with the LSTM engine alone:
 * the language's settings, the network, its character set and recoder, its dictionaries and the
 * version. The package's file also carries the legacy engine (its templates and a 16 MB word-pair
 * dictionary); `--oem 1` never uses them, but the program loads them all the same, and the
 * native program starts once per image: without them it starts in 0.2 s instead of 0.46 and
 * reads every page the same (the same output, byte for byte, on the OCR benchmark's pages).
 * Throws on a file that is not a model.
 */
export function lstmOnly(model: Buffer): Buffer {
  const count = model.length >= 4 ? model.readInt32LE(0) : 0;
  const header = 4 + 8 * count;
  if (count <= LSTM_PARTS.at(-1)! || count > 64 || model.length < header)
    throw new Error('not a tesseract model file');
  const offsets = Array.from({ length: count }, (_, i) => Number(model.readBigInt64LE(4 + 8 * i)));
  const end = (i: number) => offsets.find((o, j) => j > i && o >= 0) ?? model.length;
  const parts: Buffer[] = [];
  const out = Buffer.alloc(header);
  out.writeInt32LE(count, 0);
  let at = header;
  for (let i = 0; i < count; i++) {
    const keep = LSTM_PARTS.includes(i) && offsets[i]! >= 0;
    if (keep && !(offsets[i]! >= header && end(i) <= model.length && end(i) >= offsets[i]!))
      throw new Error('not a tesseract model file');
    out.writeBigInt64LE(keep ? BigInt(at) : -1n, 4 + 8 * i);
    if (!keep) continue;
    const part = model.subarray(offsets[i], end(i));
    parts.push(part);
    at += part.length;
  }
  if (!parts.length) throw new Error('the model file has no LSTM network');
  return Buffer.concat([out, ...parts]);
}

/**
 * Which parts `lstmOnly` keeps, by their number in tesseract's `TessdataType`: the settings (0),
 * the LSTM network, punctuation, word and number dictionaries, character set and recoder (17–22),
 * the version (23).
 */
const LSTM_PARTS = [0, 17, 18, 19, 20, 21, 22, 23];
