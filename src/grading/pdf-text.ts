/** A positioned run of text as pdf.js reports it. */
export type TextItem = {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
  width?: number;
  height?: number;
};

/**
 * Joins pdf.js text items into lines: a new line when the baseline moves or the item ends a
 * line, a space when there is a visible gap, so words never run together.
 */
export function joinTextItems(items: TextItem[]): string {
  let out = '';
  let lastY: number | null = null;
  let lastEnd: number | null = null;
  for (const item of items) {
    const x = item.transform?.[4] ?? 0;
    const y = item.transform?.[5] ?? 0;
    const size = Math.abs(item.transform?.[3] ?? 10) || 10;
    if (lastY !== null && Math.abs(y - lastY) > size * 0.5) {
      out = out.trimEnd() + '\n';
    } else if (
      lastEnd !== null &&
      x - lastEnd > size * 0.15 &&
      !/\s$/.test(out) &&
      !/^\s/.test(item.str)
    ) {
      out += ' ';
    }
    out += item.str;
    if (item.hasEOL) out = out.trimEnd() + '\n';
    lastY = item.hasEOL ? null : y;
    lastEnd = item.hasEOL ? null : x + (item.width ?? 0);
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}
