import {
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  StandardFonts,
  degrees,
  rgb,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
// Only the modules it needs (never the engine's index): this runs in a reader process.
import { budgetMessage } from '../../../grading/extract';
import type { PdfProblem } from '../../../grading/inspect';
import { checkPdfBudget } from '../../../grading/pdf-budget';
import {
  boxInUserSpace,
  toUserSpace,
  type Box,
  type PageFrame,
} from '../../../grading/page-geometry';
import type { PageLayout } from '../../../grading/page-layout';
import type { ReadLimits } from '../../../grading/read-limits';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import { totalText } from '../../../shared/page-marks';
import type { DrawnMarks } from './page-marks.service';

/**
 * "Download marked PDF": a copy of the answer with the marks written in. Highlights are drawn
 * in the page (they print everywhere); each teacher's comment is a real PDF annotation (a note
 * for a pin, a square for a box) that any PDF reader lists, and is written beside its place
 * too, so a printout keeps it. The bytes it is given are never changed. pdf-lib reads the whole
 * untrusted file, so this runs only in a reader process (the 'marked-pdf' task), within the read
 * limits and the pool's time and memory limits.
 */

/** An answer encrypted (with or without a password to open it), which pdf-lib cannot write into. */
class EncryptedAnswer extends Error {}

const GREEN = rgb(0.13, 0.6, 0.25);
const AMBER = rgb(0.9, 0.45, 0.05);
const RED = rgb(0.72, 0.08, 0.1);
const BLUE = rgb(0.1, 0.25, 0.75);
const NOTE_SIZE = 8;
/** A pin's side in points: the note icon's size in PDF readers, which they draw whatever the rectangle says. */
const PIN = 22;
const MARK_SIZE = 10;

/** Text a standard font can set: characters it cannot encode become "?". */
function settable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Breaks text into lines no wider than `width` points. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws text upright on the shown page from a place given as shares of it (its first baseline). */
function drawShownText(
  page: PDFPage,
  frame: PageFrame,
  font: PDFFont,
  lines: string[],
  at: { x: number; y: number; size: number; color: Color; shownHeight: number },
) {
  lines.forEach((line, i) => {
    const [x, y] = toUserSpace(frame, at.x, at.y + (i * at.size * 1.25) / at.shownHeight);
    page.drawText(line, {
      x,
      y,
      size: at.size,
      font,
      color: at.color,
      rotate: degrees(frame.rotate),
    });
  });
}

/** A pin's square centred on its point (as the review draws it), kept on the page. */
function pinBox(x: number, y: number, w: number, h: number): Box {
  const at = (v: number, size: number) => Math.min(1 - size, Math.max(0, v - size / 2));
  return { x: at(x, w), y: at(y, h), w, h };
}

function rect(page: PDFPage, frame: PageFrame, box: Box) {
  const [x, y, width, height] = boxInUserSpace(frame, box);
  return { page, x, y, width, height };
}

/** Adds an annotation dictionary to a page. */
function annotate(doc: PDFDocument, page: PDFPage, dict: Record<string, unknown>) {
  const ref = doc.context.register(doc.context.obj(dict as never));
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(ref);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

/** The answer PDF with the marks, highlights and comments of `drawn` written into a copy. */
export async function markedPdf(
  original: Uint8Array,
  layouts: PageLayout[],
  drawn: DrawnMarks,
): Promise<Uint8Array> {
  // pdf-lib reads from the array it is given; a copy keeps the caller's bytes as they are
  const doc = await PDFDocument.load(original.slice(), {
    ignoreEncryption: true,
    updateMetadata: false,
  });
  // pdf-lib cannot decrypt: what it added to an encrypted file would be read as encrypted, and
  // garbled, while the rest stayed encrypted. Such a file is refused.
  if (doc.isEncrypted) throw new EncryptedAnswer();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = doc.getPages();
  const frameOf = (n: number) => layouts[n - 1]?.frame;

  for (const h of drawn.highlights) {
    const page = pages[h.page - 1];
    const frame = frameOf(h.page);
    if (!page || !frame) continue;
    const r = rect(page, frame, h);
    const color = h.kind === 'stated' ? GREEN : AMBER;
    page.drawRectangle({ ...r, color, opacity: 0.22, borderColor: color, borderOpacity: 0.6 });
  }

  for (const q of drawn.questions) {
    const page = pages[q.page - 1];
    const layout = layouts[q.page - 1];
    if (!page || !layout) continue;
    const text = settable(bold, `Q${q.question}: ${q.marks ?? '-'} / ${q.total}`);
    const y = Math.max(MARK_SIZE / layout.height, q.y - 2 / layout.height);
    const x = Math.max(0.005, 1 - (bold.widthOfTextAtSize(text, MARK_SIZE) + 12) / layout.width);
    drawShownText(page, layout.frame, bold, [text], {
      x,
      y,
      size: MARK_SIZE,
      color: RED,
      shownHeight: layout.height,
    });
  }

  if (drawn.total && pages[0] && layouts[0]) {
    const text = settable(bold, `Marks: ${totalText(drawn.total, '-')}`);
    const width = bold.widthOfTextAtSize(text, MARK_SIZE + 2);
    drawShownText(pages[0], layouts[0].frame, bold, [text], {
      x: Math.max(0.005, 1 - (width + 12) / layouts[0].width),
      y: 16 / layouts[0].height,
      size: MARK_SIZE + 2,
      color: RED,
      shownHeight: layouts[0].height,
    });
  }

  drawn.comments.forEach((c, i) => {
    const page = pages[c.page - 1];
    const layout = layouts[c.page - 1];
    if (!page || !layout) return;
    const frame = layout.frame;
    const label = `${i + 1}`;
    const box: Box =
      c.kind === 'box' && c.w !== null && c.h !== null
        ? { x: c.x, y: c.y, w: c.w, h: c.h }
        : pinBox(c.x, c.y, PIN / layout.width, PIN / layout.height);
    const r = rect(page, frame, box);
    if (c.kind === 'box') page.drawRectangle({ ...r, borderColor: BLUE, borderWidth: 1.5 });
    else
      page.drawRectangle({ ...r, borderColor: BLUE, borderWidth: 1.5, color: BLUE, opacity: 0.15 });
    const note = settable(font, `${label}. ${c.text}`);
    const room = Math.max(120, (1 - c.x) * layout.width - 24);
    drawShownText(page, frame, font, wrap(font, note, NOTE_SIZE, Math.min(room, 220)), {
      x: Math.min(box.x + box.w + 4 / layout.width, 0.97),
      y: box.y + (NOTE_SIZE + 2) / layout.height,
      size: NOTE_SIZE,
      color: BLUE,
      shownHeight: layout.height,
    });
    const contents = PDFHexString.fromText(`${label}. ${c.text}`);
    annotate(doc, page, {
      Type: 'Annot',
      Subtype: c.kind === 'box' ? 'Square' : 'Text',
      Rect: [r.x, r.y, r.x + r.width, r.y + r.height],
      Contents: contents,
      T: PDFHexString.fromText(c.authorName ?? 'Teacher'),
      C: [0.1, 0.25, 0.75],
      F: 4, // printable
      ...(c.kind === 'pin' ? { Name: 'Comment' } : {}),
    });
  });

  return doc.save({ useObjectStreams: false });
}

/** The marked copy, or why the answer could not be written into within the limits. */
export type MarkedPdfWriting =
  { ok: true; bytes: Uint8Array } | { ok: false; problem: PdfProblem; message: string };

/**
 * markedPdf within the read limits, for a reader process: the raw bytes' budget first, and an
 * encrypted or damaged answer refused in words. Never throws.
 */
export async function writeMarkedPdf(
  original: Uint8Array,
  layouts: PageLayout[],
  drawn: DrawnMarks,
  limits: ReadLimits,
): Promise<MarkedPdfWriting> {
  const budget = checkPdfBudget(original, limits);
  if (!budget.ok)
    return {
      ok: false,
      problem: budget.limit === 'pages' ? 'too-many-pages' : 'over-limit',
      message: budgetMessage(budget, limits),
    };
  try {
    return { ok: true, bytes: await markedPdf(original, layouts, drawn) };
  } catch (err) {
    if (err instanceof EncryptedAnswer)
      return { ok: false, problem: 'encrypted', message: fileLimitMessages.encrypted };
    return { ok: false, problem: 'corrupt', message: messages.corruptPdf };
  }
}
