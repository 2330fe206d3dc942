/** A piece of a text: plain, or shared passage number `passage` (1 based). */
export type TextPiece = { text: string; passage: number | null };

/**
 * Cuts a text at its shared passages ([start, end) offsets, passage i of one side matching passage
 * i of the other), in text order; a passage overlapping one already placed is shown from where
 * that one ends.
 */
export function markedPieces(text: string, passages: Array<[number, number]>): TextPiece[] {
  const order = passages
    .map(([start, end], i) => ({ start, end, passage: i + 1 }))
    .sort((x, y) => x.start - y.start);
  const out: TextPiece[] = [];
  let at = 0;
  for (const p of order) {
    const start = Math.max(p.start, at);
    if (p.end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), passage: null });
    out.push({ text: text.slice(start, p.end), passage: p.passage });
    at = p.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), passage: null });
  return out;
}
