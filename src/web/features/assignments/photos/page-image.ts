/**
 * A photographed page made fit to hand in, on plain pixel arrays so every step runs (and is
 * tested) in Node as in the browser: the page's edges found and straightened, the light evened
 * out into high-contrast greyscale, the page turned upright, and the checks that say a photo is
 * blank, too dark, blurred or not a page. No OpenCV: a page on a darker background is found from
 * its brightness (Otsu's threshold, the largest bright region, its four extreme corners) and
 * straightened by a homography; small, and honest about what it cannot do (a white page on a
 * white table is kept whole).
 */

/** One channel of 8-bit grey, row by row. */
export type Grey = { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> };

/** A point in pixels. */
export type Point = { x: number; y: number };

/** A page's corners: top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point];

/** Quarter turns clockwise that make a page upright. */
export type Turn = 0 | 90 | 180 | 270;

/** What is wrong with a photo of a page, if anything. */
export type PageProblem = 'dark' | 'blank' | 'blurred' | 'not-a-page';

/** Longest side a photo is decoded to: a 48-megapixel photo is cut down before it fills memory. */
export const MAX_DECODE_SIDE = 2400;

/** Most photos in one hand-in: the spec's page limit for a PDF (MAX_PDF_PAGES). */
export { MAX_PDF_PAGES as MAX_PHOTOS } from '../../../../shared/limits';

/** An RGBA image (as canvas ImageData) to grey, by luma. */
export function toGrey(img: { width: number; height: number; data: ArrayLike<number> }): Grey {
  const { width, height, data } = img;
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    out[i] = (data[j]! * 77 + data[j + 1]! * 150 + data[j + 2]! * 29) >> 8;
  }
  return { width, height, data: out };
}

/** Grey back to RGBA, for a canvas. */
export function toRgba(g: Grey): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0, j = 0; i < g.data.length; i++, j += 4) {
    out[j] = out[j + 1] = out[j + 2] = g.data[i]!;
    out[j + 3] = 255;
  }
  return out;
}

/** The scale (≤ 1) that brings an image's longest side within `maxSide`. */
export function scaleToFit(width: number, height: number, maxSide: number): number {
  return Math.min(1, maxSide / Math.max(width, height, 1));
}

/** A smaller copy, each pixel the mean of the block it covers. */
export function shrink(g: Grey, maxSide: number): Grey {
  const s = scaleToFit(g.width, g.height, maxSide);
  if (s >= 1) return g;
  const width = Math.max(1, Math.round(g.width * s));
  const height = Math.max(1, Math.round(g.height * s));
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / s);
    const y1 = Math.max(y0 + 1, Math.min(g.height, Math.floor((y + 1) / s)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / s);
      const x1 = Math.max(x0 + 1, Math.min(g.width, Math.floor((x + 1) / s)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * g.width;
        for (let xx = x0; xx < x1; xx++) sum += g.data[row + xx]!;
      }
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width, height, data: out };
}

/** Otsu's threshold: the grey level that best splits the pixels into dark and light. */
export function otsu(g: Grey): number {
  const hist = new Float64Array(256);
  for (const v of g.data) hist[v]!++;
  const total = g.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let level = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const between = wB * wF * (sumB / wB - (sumAll - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      level = t;
    }
  }
  return level;
}

/**
 * The page's corners in `g`, or null when no page stands out from a darker background (the
 * photo is then kept whole): the largest bright region, if it covers 20–97% of the photo, and
 * its extreme points towards each corner.
 */
export function findPage(g: Grey): Quad | null {
  const small = shrink(g, 300);
  const { width, height, data } = small;
  const level = otsu(small);
  // a page needs clear contrast with its background
  const bright = new Uint8Array(data.length);
  let brightCount = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i]! > level) {
      bright[i] = 1;
      brightCount++;
    }
  }
  if (brightCount / data.length > 0.97 || brightCount / data.length < 0.2) return null;
  // largest 4-connected bright region; the ink inside the page only makes holes in it
  const label = new Int32Array(data.length);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (!bright[i] || label[i]) continue;
    next++;
    let size = 0;
    stack.push(i);
    label[i] = next;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q >= 0 && q < data.length && bright[q] && !label[q]) {
          label[q] = next;
          stack.push(q);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  const share = bestSize / data.length;
  if (share < 0.2 || share > 0.97) return null;
  // a region that reaches all four edges is the page filling the frame: nothing to cut away
  const edges = { top: false, bottom: false, left: false, right: false };
  for (let x = 0; x < width; x++) {
    if (label[x] === bestLabel) edges.top = true;
    if (label[(height - 1) * width + x] === bestLabel) edges.bottom = true;
  }
  for (let y = 0; y < height; y++) {
    if (label[y * width] === bestLabel) edges.left = true;
    if (label[y * width + width - 1] === bestLabel) edges.right = true;
  }
  if (edges.top && edges.bottom && edges.left && edges.right) return null;
  let tl = { s: Infinity, p: { x: 0, y: 0 } };
  let br = { s: -Infinity, p: { x: 0, y: 0 } };
  let tr = { s: -Infinity, p: { x: 0, y: 0 } };
  let bl = { s: Infinity, p: { x: 0, y: 0 } };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (label[y * width + x] !== bestLabel) continue;
      const p = { x, y };
      if (x + y < tl.s) tl = { s: x + y, p };
      if (x + y > br.s) br = { s: x + y, p };
      if (x - y > tr.s) tr = { s: x - y, p };
      if (x - y < bl.s) bl = { s: x - y, p };
    }
  }
  const sx = g.width / width;
  const sy = g.height / height;
  // each corner drawn 1.5% in towards the middle, so that no sliver of the table is kept
  const cx = (tl.p.x + tr.p.x + br.p.x + bl.p.x) / 4;
  const cy = (tl.p.y + tr.p.y + br.p.y + bl.p.y) / 4;
  const up = (p: Point, dx: number, dy: number) => {
    const x = p.x + dx;
    const y = p.y + dy;
    return { x: (x + (cx - x) * 0.03) * sx, y: (y + (cy - y) * 0.03) * sy };
  };
  return [up(tl.p, 0, 0), up(tr.p, 1, 0), up(br.p, 1, 1), up(bl.p, 0, 1)];
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The straightened page's size for its corners: the longer of each pair of opposite sides. */
export function quadSize(q: Quad): { width: number; height: number } {
  return {
    width: Math.round(Math.max(dist(q[0], q[1]), dist(q[3], q[2]))),
    height: Math.round(Math.max(dist(q[0], q[3]), dist(q[1], q[2]))),
  };
}

/**
 * The homography taking the unit square's corners (0,0) (1,0) (1,1) (0,1) to the quad's, as
 * the 8 coefficients of [a b c; d e f; g h 1] (Heckbert's square-to-quad).
 */
export function squareToQuad(q: Quad): number[] {
  const [p0, p1, p2, p3] = q;
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det === 0 ? 0 : (sx * dy2 - dx2 * sy) / det;
  const h = det === 0 ? 0 : (dx1 * sy - sx * dy1) / det;
  return [
    p1.x - p0.x + g * p1.x,
    p3.x - p0.x + h * p3.x,
    p0.x,
    p1.y - p0.y + g * p1.y,
    p3.y - p0.y + h * p3.y,
    p0.y,
    g,
    h,
  ];
}

/** The quad's content straightened into a `width` × `height` rectangle (bilinear). */
export function warp(g: Grey, q: Quad, width: number, height: number): Grey {
  const [a, b, c, d, e, f, gg, h] = squareToQuad(q);
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      const w = gg! * u + h! * v + 1;
      const sx = (a! * u + b! * v + c!) / w - 0.5;
      const sy = (d! * u + e! * v + f!) / w - 0.5;
      out[y * width + x] = sample(g, sx, sy);
    }
  }
  return { width, height, data: out };
}

function sample(g: Grey, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(g.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(g.height - 1, Math.floor(y)));
  const x1 = Math.min(g.width - 1, x0 + 1);
  const y1 = Math.min(g.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const top = g.data[y0 * g.width + x0]! * (1 - fx) + g.data[y0 * g.width + x1]! * fx;
  const bottom = g.data[y1 * g.width + x0]! * (1 - fx) + g.data[y1 * g.width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The mean of each pixel's (2r+1)² neighbourhood, from an integral image. */
function boxMean(g: Grey, r: number): Float32Array {
  const { width, height, data } = g;
  const sum = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sum[(y + 1) * (width + 1) + x + 1] = sum[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const s =
        sum[y1 * (width + 1) + x1]! -
        sum[y0 * (width + 1) + x1]! -
        sum[y1 * (width + 1) + x0]! +
        sum[y0 * (width + 1) + x0]!;
      out[y * width + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * High-contrast greyscale with the light evened out: each pixel divided by the paper's
 * brightness around it (a wide local mean, lifted so ink does not darken its own background),
 * then the levels stretched so paper is white and ink near black.
 */
export function enhance(g: Grey): Grey {
  const r = Math.max(8, Math.round(Math.max(g.width, g.height) / 24));
  const local = boxMean(g, r);
  const out = new Uint8ClampedArray(g.data.length);
  for (let i = 0; i < out.length; i++) {
    const paper = Math.max(24, local[i]! * 1.08);
    const v = Math.min(1, g.data[i]! / paper);
    // paper (≥ 0.85) to white, ink (≤ 0.45) to black, a steep ramp between
    out[i] = Math.round(Math.max(0, Math.min(1, (v - 0.45) / 0.4)) * 255);
  }
  return { width: g.width, height: g.height, data: out };
}

/** The image turned clockwise by a quarter-turn multiple. */
export function rotate(g: Grey, turn: Turn): Grey {
  if (turn === 0) return g;
  const { width, height, data } = g;
  const w = turn === 180 ? width : height;
  const h = turn === 180 ? height : width;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      if (turn === 90) out[x * w + (height - 1 - y)] = v;
      else if (turn === 180) out[(height - 1 - y) * w + (width - 1 - x)] = v;
      else out[(width - 1 - x) * w + y] = v;
    }
  }
  return { width: w, height: h, data: out };
}

/** The image without a margin of `share` of its size on each side. */
function inset(g: Grey, share: number): Grey {
  const dx = Math.floor(g.width * share);
  const dy = Math.floor(g.height * share);
  const width = g.width - 2 * dx;
  const height = g.height - 2 * dy;
  if (width < 8 || height < 8) return g;
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y + dy) * g.width + dx;
    out.set(g.data.subarray(from, from + width), y * width);
  }
  return { width, height, data: out };
}

/** Share of ink per row (or per column), ink being darker than `level`. */
function profile(g: Grey, byRow: boolean, level = 128): Float64Array {
  const n = byRow ? g.height : g.width;
  const out = new Float64Array(n);
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      if (g.data[y * g.width + x]! < level) out[byRow ? y : x]!++;
    }
  }
  const across = byRow ? g.width : g.height;
  for (let i = 0; i < n; i++) out[i]! /= across;
  return out;
}

/**
 * The share of a profile's span (from its first to its last inked entry) that is nearly empty:
 * the gaps between lines of text run the whole width of a page, the gaps between letters and
 * words do not line up down it.
 */
function gapShare(p: Float64Array): number {
  let mean = 0;
  for (const v of p) mean += v;
  mean /= p.length || 1;
  if (mean === 0) return 0;
  let first = 0;
  while (first < p.length && p[first]! === 0) first++;
  let last = p.length - 1;
  while (last > first && p[last]! === 0) last--;
  let gaps = 0;
  for (let i = first; i <= last; i++) if (p[i]! < mean * 0.1) gaps++;
  return gaps / (last - first + 1);
}

/**
 * Whether the text on an upright-or-upside-down page stands on its head: in each line of Latin
 * script more ink rises above the x-height band (b, d, f, h, k, l, t, capitals) than hangs below
 * it (g, j, p, q, y); turned over, the descenders' side is the heavier one.
 */
export function isUpsideDown(g: Grey): boolean {
  const rows = profile(g, true);
  const max = Math.max(...rows);
  if (max === 0) return false;
  let above = 0;
  let below = 0;
  let y = 0;
  while (y < rows.length) {
    if (rows[y]! < max * 0.02) {
      y++;
      continue;
    }
    const start = y;
    while (y < rows.length && rows[y]! >= max * 0.02) y++;
    const line = rows.subarray(start, y);
    if (line.length < 4) continue;
    const peak = Math.max(...line);
    // the x-height band: the line's rows at least half as dense as its densest row
    let top = 0;
    while (line[top]! < peak * 0.5) top++;
    let bottom = line.length - 1;
    while (line[bottom]! < peak * 0.5) bottom--;
    for (let i = 0; i < top; i++) above += line[i]!;
    for (let i = bottom + 1; i < line.length; i++) below += line[i]!;
  }
  return below > above * 1.15;
}

/**
 * The quarter turns that make a page of text upright: sideways when its columns, not its rows,
 * alternate between ink and gaps; then upside down by its ascenders. A page with too little
 * ink to tell is left as it is.
 */
export function uprightTurn(g: Grey): Turn {
  // the middle of the page: a dark edge left by the photo would make every row and column inked
  const small = inset(shrink(g, 800), 0.04);
  const rows = gapShare(profile(small, true));
  const cols = gapShare(profile(small, false));
  if (rows === 0 && cols === 0) return 0;
  const sideways = cols > rows + 0.1;
  const base: Turn = sideways ? 90 : 0;
  const turned = rotate(small, base);
  if (!isUpsideDown(turned)) return base;
  return ((base + 180) % 360) as Turn;
}

/** Brightness, ink share and sharpness of a photo, and what is wrong with it. */
export type PageQuality = {
  /** Mean grey of the photo as taken, 0..255. */
  brightness: number;
  /** Share of the cleaned page that is ink. */
  ink: number;
  /** Mean strength of the ink's edges, 0..255: low when blurred. */
  sharpness: number;
  problems: PageProblem[];
};

/**
 * The checks a student sees before handing in, on the straightened page before and after it is
 * cleaned: too dark (mean grey under 60), not a page (over 35% of it well darker than its paper:
 * a scene, a face, a screen), blank (under 0.2% ink once cleaned), blurred (the ink's edges soft:
 * the steepest step around dark pixels averages under 40 grey levels, at about 150 dpi).
 */
export function pageQuality(straight: Grey, cleaned: Grey): PageQuality {
  const photo = shrink(straight, 1300);
  let sum = 0;
  const hist = new Uint32Array(256);
  for (const v of photo.data) {
    sum += v;
    hist[v]!++;
  }
  const brightness = sum / (photo.data.length || 1);
  // the paper's grey: the 90th percentile
  let seen = 0;
  let paper = 255;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= photo.data.length * 0.9) {
      paper = v;
      break;
    }
  }
  let darkCount = 0;
  for (let v = 0; v < paper * 0.6; v++) darkCount += hist[v]!;
  const dark = darkCount / (photo.data.length || 1);
  const small = shrink(cleaned, 1300);
  let ink = 0;
  for (const v of small.data) if (v < 128) ink++;
  const inkShare = ink / (small.data.length || 1);
  const sharpness = edgeStrength(photo);
  const problems: PageProblem[] = [];
  if (brightness < 60) problems.push('dark');
  else if (dark > 0.35) problems.push('not-a-page');
  else if (inkShare < 0.002) problems.push('blank');
  else if (sharpness < 40) problems.push('blurred');
  return { brightness, ink: inkShare, sharpness, problems };
}

/**
 * How sharp the dark strokes are: for pixels at the edge of ink (markedly darker than the local
 * mean), the steepest grey step to a neighbour, averaged. A sharp stroke steps from paper to
 * ink in a pixel or two; a blurred one over many.
 */
export function edgeStrength(g: Grey): number {
  const { width, height, data } = g;
  const local = boxMean(g, 6);
  let total = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (data[i]! > local[i]! - 20) continue;
      const step = Math.max(
        Math.abs(data[i]! - data[i - 1]!),
        Math.abs(data[i]! - data[i + 1]!),
        Math.abs(data[i]! - data[i - width]!),
        Math.abs(data[i]! - data[i + width]!),
      );
      total += step;
      count++;
    }
  }
  return count ? total / count : 0;
}

/** The words to show for each problem, for "Page 2 is hard to read" lines. */
export const problemText: Record<PageProblem, string> = {
  dark: 'it is too dark',
  blank: 'it looks blank',
  blurred: 'it looks blurred',
  'not-a-page': 'it does not look like a page of writing',
};

/**
 * A photo cleaned into a page: found, straightened, turned upright and enhanced, plus its
 * quality. `turned` says how far it was turned (90 and 270: it was sideways; 180: upside down).
 */
export function cleanPage(photo: Grey): { page: Grey; turned: Turn; quality: PageQuality } {
  const quad = findPage(photo);
  let page = photo;
  if (quad) {
    const size = quadSize(quad);
    page = warp(photo, quad, size.width, size.height);
  }
  const enhanced = enhance(page);
  const turned = uprightTurn(enhanced);
  const upright = rotate(enhanced, turned);
  return { page: upright, turned, quality: pageQuality(page, enhanced) };
}
