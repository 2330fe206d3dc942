import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseInline', () => {
  it('finds strong text, code and links', () => {
    expect(
      parseInline('Press **Evaluate Now!**, see `grades.csv` or [Help](/dashboard/support).'),
    ).toEqual([
      { type: 'text', text: 'Press ' },
      { type: 'strong', children: [{ type: 'text', text: 'Evaluate Now!' }] },
      { type: 'text', text: ', see ' },
      { type: 'code', text: 'grades.csv' },
      { type: 'text', text: ' or ' },
      { type: 'link', href: '/dashboard/support', children: [{ type: 'text', text: 'Help' }] },
      { type: 'text', text: '.' },
    ]);
  });

  it('keeps a javascript: link as plain text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads a screenshot of docs/images on a line of its own, and nothing else as an image', () => {
    expect(parseMarkdown('Text.\n\n![The pairs](images/similar-hand-ins.png)\n')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Text.' }] },
      { type: 'image', alt: 'The pairs', name: 'similar-hand-ins.png' },
    ]);
    for (const md of ['![x](https://evil.example/a.png)', '![x](images/../secret.png)'])
      expect(parseMarkdown(md)[0]!.type).toBe('paragraph');
  });

  it('reads headings, paragraphs joined across lines, lists, notes and code', () => {
    const md = [
      '# Title',
      '',
      'First line',
      'second line.',
      '',
      '## Step one',
      '1. Open it',
      '2. Press **Go**',
      '   and wait.',
      '- bullet',
      '',
      '> A note',
      '```json',
      '{ "a": 1 }',
      '```',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      { type: 'heading', level: 1, id: 'title', content: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'First line second line.' }] },
      { type: 'heading', level: 2, id: 'step-one', content: [{ type: 'text', text: 'Step one' }] },
      {
        type: 'list',
        ordered: true,
        items: [
          [{ type: 'text', text: 'Open it' }],
          [
            { type: 'text', text: 'Press ' },
            { type: 'strong', children: [{ type: 'text', text: 'Go' }] },
            { type: 'text', text: ' and wait.' },
          ],
        ],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'bullet' }]] },
      { type: 'note', content: [{ type: 'text', text: 'A note' }] },
      { type: 'code', text: '{ "a": 1 }' },
    ]);
  });

  it('reads a picture from docs/images on its own line, and nothing else as one', () => {
    const blocks = parseMarkdown(
      'Text\n![The review](images/review.png)\n![x](https://e.com/a.png)',
    );
    expect(blocks.slice(0, 2)).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Text' }] },
      { type: 'image', alt: 'The review', name: 'review.png' },
    ]);
    expect(blocks[2]!.type).toBe('paragraph');
  });
});
