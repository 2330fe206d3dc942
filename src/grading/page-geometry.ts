/**
 * Places on a PDF page as the reader sees it. A page's own coordinates (PDF user space) start at
 * the bottom left of its view box and turn with its /Rotate; marks are kept instead as shares
 * (0..1) of the page as shown, from its top left, so the browser at any width, the stored
 * comments and the marked PDF agree on every page whatever its size or rotation.
 */

/** A page's view box [x0, y0, x1, y1] in user space and its rotation, as pdf.js and pdf-lib read them. */
export type PageFrame = { view: [number, number, number, number]; rotate: number };

/** A rectangle as shares of the shown page: x, y from its top left, w, h its size. */
export type Box = { x: number; y: number; w: number; h: number };

/** A word on the shown page: its text and where it stands. */
/** A word where it stands on the page; `confidence` (0..1) when OCR read it. */
export type PageWord = Box & { text: string; confidence?: number };

/** The rotation as one of 0, 90, 180, 270 (PDF allows any multiple of 90, negative too). */
export function quarterTurns(rotate: number): 0 | 90 | 180 | 270 {
  const r = (((Math.round(rotate / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

/** The shown page's size in points: the view box, its sides swapped when turned a quarter. */
export function shownSize(frame: PageFrame): { width: number; height: number } {
  const [x0, y0, x1, y1] = frame.view;
  const w = Math.abs(x1 - x0);
  const h = Math.abs(y1 - y0);
  const r = quarterTurns(frame.rotate);
  return r === 90 || r === 270 ? { width: h, height: w } : { width: w, height: h };
}

/** A user-space point as shares of the shown page (the same as pdf.js's viewport at any scale). */
export function toShown(frame: PageFrame, x: number, y: number): [number, number] {
  const [x0, y0, x1, y1] = normalView(frame.view);
  const { width, height } = shownSize(frame);
  let px: number;
  let py: number;
  switch (quarterTurns(frame.rotate)) {
    case 90:
      [px, py] = [y - y0, x - x0];
      break;
    case 180:
      [px, py] = [x1 - x, y - y0];
      break;
    case 270:
      [px, py] = [y1 - y, x1 - x];
      break;
    default:
      [px, py] = [x - x0, y1 - y];
  }
  return [px / width, py / height];
}

/** A point given as shares of the shown page, in the page's user space (the inverse of toShown). */
export function toUserSpace(frame: PageFrame, sx: number, sy: number): [number, number] {
  const [x0, y0, x1, y1] = normalView(frame.view);
  const { width, height } = shownSize(frame);
  const px = sx * width;
  const py = sy * height;
  switch (quarterTurns(frame.rotate)) {
    case 90:
      return [x0 + py, y0 + px];
    case 180:
      return [x1 - px, y0 + py];
    case 270:
      return [x1 - py, y1 - px];
    default:
      return [x0 + px, y1 - py];
  }
}

/** The smallest user-space rectangle covering a box of the shown page: [x, y, width, height]. */
export function boxInUserSpace(frame: PageFrame, box: Box): [number, number, number, number] {
  const corners = [
    toUserSpace(frame, box.x, box.y),
    toUserSpace(frame, box.x + box.w, box.y + box.h),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return [x, y, Math.max(...xs) - x, Math.max(...ys) - y];
}

/** The shown box covering user-space points (the corners of a word or an image), clamped to the page. */
export function shownBoxOf(frame: PageFrame, points: [number, number][]): Box {
  const shown = points.map(([x, y]) => toShown(frame, x, y));
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const xs = shown.map((p) => clamp(p[0]));
  const ys = shown.map((p) => clamp(p[1]));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** Applies a PDF matrix [a b c d e f] to a point. */
export function applyMatrix(m: number[], x: number, y: number): [number, number] {
  return [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
}

/** The matrix that applies `inner` then `outer`. */
export function multiply(outer: number[], inner: number[]): number[] {
  const [a, b, c, d, e, f] = outer as [number, number, number, number, number, number];
  const [p, q, r, s, t, u] = inner as [number, number, number, number, number, number];
  return [
    p * a + q * c,
    p * b + q * d,
    r * a + s * c,
    r * b + s * d,
    t * a + u * c + e,
    t * b + u * d + f,
  ];
}

function normalView(v: PageFrame['view']): [number, number, number, number] {
  return [Math.min(v[0], v[2]), Math.min(v[1], v[3]), Math.max(v[0], v[2]), Math.max(v[1], v[3])];
}
