/** Inline pieces of a line of our Markdown subset. */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

/** Blocks of our Markdown subset: headings, paragraphs, lists, notes (`>`) and code fences. */
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; id: string; content: Inline[] }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'note'; content: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'image'; alt: string; src: string };

/** A line that is only a picture from docs/images: `![what it shows](images/name.png)`. */
const imageLine = /^!\[([^\]]+)\]\((images\/[\w.-]+\.png)\)$/;

const inlinePattern = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
const safeHref = /^(\/|#|https?:\/\/|mailto:)/;

/** Splits a line into text, **strong**, `code` and [links](href); unsafe link targets stay plain text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(inlinePattern)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ type: 'strong', children: parseInline(m[1]) });
    else if (m[2] !== undefined) out.push({ type: 'code', text: m[2] });
    else if (safeHref.test(m[4]!))
      out.push({ type: 'link', href: m[4]!, children: parseInline(m[3]!) });
    else out.push({ type: 'text', text: m[3]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/** A heading's anchor id: lower case words joined by hyphens. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const listItem = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

/**
 * Parses the small Markdown subset our docs use (no HTML, so rendering needs no sanitising):
 * `#`–`###` headings, paragraphs, `-`/`1.` lists with indented continuation lines, `>` notes,
 * ``` fences and pictures from docs/images on a line of their own.
 */
export function parseMarkdown(md: string): Block[] {
  const blocks: Block[] = [];
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ type: 'paragraph', content: parseInline(para.join(' ')) });
    if (list)
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    para = [];
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i]!);
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = listItem.exec(line);
    const image = imageLine.exec(line.trim());
    if (!line.trim()) flush();
    else if (image) {
      flush();
      blocks.push({ type: 'image', alt: image[1]!, src: image[2]! });
    } else if (heading) {
      flush();
      const text = heading[2]!.trim();
      const level = heading[1]!.length as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, id: slugify(text), content: parseInline(text) });
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ type: 'note', content: parseInline(line.replace(/^>\s?/, '')) });
    } else if (item) {
      const ordered = /\d/.test(item[2]!);
      if (para.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[3]!);
    } else if (list && /^\s+/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
