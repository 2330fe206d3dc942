/** A numbered part of a document: its number as written ("1", "2", "a") and its text. */
export type Segment = { number: string; text: string };

/** Numbering at the start of a line: Q1, Q.1, Question 1, 1., 1), (1), (a), a). */
const MARKER =
  /^[ \t]*(?:(?:q(?:uestion)?|ques|ans(?:wer)?)[ \t]*\.?[ \t]*(\d{1,2})[a-z]?[ \t]*[.):-]?|(\d{1,2})[ \t]*[.)](?!\d)|\((\d{1,2})\)|\(([a-h])\)|([a-h])\))[ \t]*/gim;

type Hit = { index: number; end: number; number: string; letter: boolean };

function hits(text: string): Hit[] {
  const out: Hit[] = [];
  for (const m of text.matchAll(MARKER)) {
    const numeric = m[1] ?? m[2] ?? m[3];
    const number = numeric ?? (m[4] ?? m[5] ?? '').toLowerCase();
    if (number)
      out.push({
        index: m.index ?? 0,
        end: (m.index ?? 0) + m[0].length,
        number: String(numeric ? Number(numeric) : number),
        letter: !numeric,
      });
  }
  return out;
}

/** Keeps the markers that count 1, 2, 3… (or a, b, c…) in order, skipping stray numbers between them. */
function sequence(all: Hit[], letters: boolean): Hit[] {
  const seq: Hit[] = [];
  const next = (): string =>
    letters ? String.fromCharCode(97 + seq.length) : String(seq.length + 1);
  for (const h of all) if (h.letter === letters && h.number === next()) seq.push(h);
  return seq;
}

/**
 * Splits a document into questions by its numbering. Returns null when there are fewer than
 * two numbered parts, so the caller treats the whole document as one answer.
 */
export function segment(text: string): Segment[] | null {
  const all = hits(text);
  const numeric = sequence(all, false);
  const seq = numeric.length >= 2 ? numeric : sequence(all, true);
  if (seq.length < 2) return null;
  return seq.map((h, i) => ({
    number: h.number,
    text: text.slice(h.end, seq[i + 1]?.index ?? text.length).trim(),
  }));
}

/**
 * Numbering written on one line, as a scan of answers written one after another reads: "1. …
 * heats it. 2. Plants …". A number counts only where a sentence ends before it, and only when
 * the text itself starts with "1.": so "the answer is 2. Then" splits nothing. Returns null as
 * `segment` does.
 */
export function segmentInline(text: string): Segment[] | null {
  const trimmed = text.trim();
  const all: Hit[] = [];
  for (const m of trimmed.matchAll(INLINE_MARKER)) {
    const index = (m.index ?? 0) + (m[1] ?? '').length;
    all.push({
      index,
      end: (m.index ?? 0) + m[0].length,
      number: String(Number(m[2])),
      letter: false,
    });
  }
  const seq = sequence(all, false);
  if (seq.length < 2 || seq[0]!.index !== 0) return null;
  return seq.map((h, i) => ({
    number: h.number,
    text: trimmed.slice(h.end, seq[i + 1]?.index ?? trimmed.length).trim(),
  }));
}

/** A number and "." or ")" at the start, or after a sentence's end, before the next words. */
const INLINE_MARKER = /(^|[.!?;:]["')\]]?\s+)(\d{1,2})[ \t]*[.)](?!\d)\s+(?=\S)/g;

/** Marks a question states for itself: "[5 marks]", "(5 marks)", "(5)", "[5]", "5 marks". */
export function statedMarks(text: string): number | null {
  const m =
    text.match(/[[(]\s*(\d{1,3}(?:\.5)?)\s*(?:marks?|pts?|points?)?\s*[\])]\s*$/im) ??
    text.match(/[[(]\s*(\d{1,3}(?:\.5)?)\s*(?:marks?|pts?|points?)\s*[\])]/i) ??
    text.match(/\b(\d{1,3}(?:\.5)?)\s*(?:marks?|points?)\b/i);
  return m ? Number(m[1]) : null;
}

/** Removes a stated-marks note from a question's text so its words do not count as content. */
export function stripMarks(text: string): string {
  return text
    .replace(/[[(]\s*\d{1,3}(?:\.5)?\s*(?:marks?|pts?|points?)?\s*[\])]/gi, ' ')
    .replace(/\b\d{1,3}(?:\.5)?\s*(?:marks?|points?)\b/gi, ' ')
    .trim();
}

/**
 * Removes the teacher's marks notes from a model answer ("[8 marks]", "(8 marks: 2 per point)",
 * "(4)" at the end of a line): no student could state them, so as key points they would keep a
 * right answer from full marks and ask it to "also explain" them. Numbers in the answer itself
 * ("30 marks out of 40", "a[3]") stay.
 */
export function stripMarkNotes(text: string): string {
  return text
    .replace(/[[(]\s*\d{1,3}(?:\.5)?\s*(?:marks?|pts?|points?)\b[^\])\n]*[\])]/gi, ' ')
    .replace(/(\S)[ \t]*[[(]\s*\d{1,3}(?:\.5)?\s*[\])][ \t]*$/gm, '$1')
    .replace(/[ \t]+$/gm, '')
    .trim();
}
