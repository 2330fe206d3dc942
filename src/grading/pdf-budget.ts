import zlib from 'node:zlib';

/**
 * How much a PDF may make its reader decode. A few hundred kilobytes of PDF can declare
 * gigabytes: a cross-reference stream of compressed zeros, a content stream shared by every
 * page, an image of 12000 × 12000 pixels. These budgets are checked on the raw bytes before
 * pdf.js sees them.
 */
export type PdfBudget = {
  /** Pages a document may have (or claim to have in its page tree). */
  maxPages: number;
  /** Bytes that the Flate-compressed streams other than images may decode to, in total. */
  maxDecodedBytes: number;
  /** Pixels (width × height) of one image. */
  maxImagePixels: number;
};

/** Whether a PDF keeps to its budget, and if not, which limit it breaks and by how much. */
export type BudgetVerdict =
  | { ok: true }
  | { ok: false; limit: 'decoded-size'; bytes: number }
  | { ok: false; limit: 'image-pixels'; width: number; height: number }
  | { ok: false; limit: 'pages'; pages: number };

const STREAM_START = /\bstream(?:\r\n|\n|\r)/g;
/** How far back from `stream` an object's dictionary may start. */
const MAX_DICT = 16_384;

const directNumber = (dict: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dict);
  return m ? Number(m[1]) : null;
};

/** Bytes a Flate stream decodes to, reading at most `limit + 1` of them; null if it is not valid Flate. */
function inflatedSize(data: Buffer, limit: number): number | null {
  try {
    return zlib.inflateSync(data, {
      maxOutputLength: Math.max(1, limit + 1),
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
    return null;
  }
}

/**
 * Checks a PDF's raw bytes against the budget: the page count its page tree claims, each image's
 * declared size, and the
 * total that the other Flate streams (cross-reference and object streams, page contents, fonts)
 * decode to. Stream objects can never sit inside compressed object streams, so their
 * dictionaries are always in the raw bytes. Cost: one inflate of the compressed streams, bounded
 * by the budget.
 */
export function checkPdfBudget(bytes: Uint8Array, budget: PdfBudget): BudgetVerdict {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  const claimed = Math.max(
    0,
    ...[...text.matchAll(/\/Count\s+(\d{1,12})\b/g)].map((m) => Number(m[1])),
  );
  if (claimed > budget.maxPages) return { ok: false, limit: 'pages', pages: claimed };
  let decoded = 0;
  for (const m of text.matchAll(STREAM_START)) {
    const objAt = text.lastIndexOf('obj', m.index);
    if (objAt < 0 || m.index - objAt > MAX_DICT) continue;
    const dict = text.slice(objAt, m.index);
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const width = directNumber(dict, 'Width') ?? 0;
      const height = directNumber(dict, 'Height') ?? 0;
      if (width * height > budget.maxImagePixels) {
        return { ok: false, limit: 'image-pixels', width, height };
      }
      continue;
    }
    if (!/\/Filter\s*(?:\[\s*)?\/(?:FlateDecode|Fl)\b/.test(dict)) continue;
    const start = m.index + m[0].length;
    const endAt = text.indexOf('endstream', start);
    const data = buf.subarray(start, endAt < 0 ? buf.length : endAt);
    const size = inflatedSize(data, budget.maxDecodedBytes - decoded);
    if (size === null) continue;
    decoded += size;
    if (decoded > budget.maxDecodedBytes)
      return { ok: false, limit: 'decoded-size', bytes: decoded };
  }
  return { ok: true };
}
