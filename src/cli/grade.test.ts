import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { textPdf } from '../grading/testing/make-pdf';
import { main } from './grade';

const dir = mkdtempSync(join(tmpdir(), 'markwise-grade-'));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

let out = '';
let err = '';
beforeAll(async () => {
  file(
    'model.pdf',
    await textPdf('To simulate the behaviour of portions of the desired software product.'),
  );
  file('question.txt', 'What is the role of a prototype program in problem solving? [5 marks]');
  file('a.pdf', await textPdf('A prototype simulates portions of the desired software product.'));
  file('b.txt', 'It is a program that helps you solve problems.');
  file('broken.pdf', '%PDF-1.7 nothing else');
  file('marks.csv', 'file,marks\nb.txt,1\n');
  file('bad-marks.csv', 'name,score\nb.txt,1\n');
  file('=HYPERLINK("x"),y.txt', 'A prototype simulates the product.');
});

async function run(...argv: string[]): Promise<number> {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  return main(argv.map((a) => (a.includes('.') && !a.startsWith('-') ? join(dir, a) : a)));
}
afterEach(() => vi.restoreAllMocks());

describe('markwise grade', () => {
  it.each([
    ['no --model', ['--total', '5', 'a.pdf'], /--model is required/],
    ['no --total', ['--model', 'model.pdf', 'a.pdf'], /--total/],
    ['a negative total', ['--model', 'model.pdf', '--total', '-1', 'a.pdf'], /--total/],
    ['no answers', ['--model', 'model.pdf', '--total', '5'], /at least one ANSWER/],
    [
      'an unknown format',
      ['--model', 'model.pdf', '--total', '5', '--format', 'xml', 'a.pdf'],
      /--format/,
    ],
    [
      'an unknown option',
      ['--model', 'model.pdf', '--total', '5', '--colour', 'a.pdf'],
      /Unknown option/,
    ],
    ['a missing file', ['--model', 'model.pdf', '--total', '5', 'missing.pdf'], /Cannot read/],
    [
      'a --suggest that is not a whole number',
      ['--model', 'model.pdf', '--total', '5', '--suggest', '0', 'a.pdf'],
      /--suggest/,
    ],
    [
      'a marks file without its header',
      ['--model', 'model.pdf', '--total', '5', '--teacher-marks', 'bad-marks.csv', 'b.txt'],
      /file,marks/,
    ],
  ])('exits 2 with a clear message on %s', async (_name, argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain('Usage: markwise grade');
  });

  it('prints one JSON object with the results in ANSWER order', async () => {
    expect(
      await run(
        '--model',
        'model.pdf',
        '--question',
        'question.txt',
        '--total',
        '5',
        '--format',
        'json',
        'a.pdf',
        'b.txt',
        'broken.pdf',
      ),
    ).toBe(0);
    const { results } = JSON.parse(out) as { results: Record<string, unknown>[] };
    expect(results.map((r) => [r.file, r.status])).toEqual([
      [join(dir, 'a.pdf'), 'graded'],
      [join(dir, 'b.txt'), 'graded'],
      [join(dir, 'broken.pdf'), 'unreadable'],
    ]);
    expect(Object.keys(results[0]!)).toEqual(
      expect.arrayContaining([
        'file',
        'status',
        'marks',
        'total',
        'confidence',
        'needsReview',
        'questions',
        'feedback',
        'reason',
      ]),
    );
    expect(results[0]!.questions).toEqual([
      expect.objectContaining({
        number: '1',
        total: 5,
        matched: expect.any(Array),
        missing: expect.any(Array),
      }),
    ]);
    expect(results[2]).toMatchObject({
      marks: null,
      needsReview: true,
      reason: expect.stringMatching(/not a readable PDF/),
    });
  });

  it('uses teacher marks and prints csv', async () => {
    expect(
      await run(
        '--model',
        'model.pdf',
        '--total',
        '5',
        '--teacher-marks',
        'marks.csv',
        '--format',
        'csv',
        'a.pdf',
        'b.txt',
      ),
    ).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('file,status,marks,total,confidence,needsReview,reason');
    expect(lines).toHaveLength(3);
  });

  it('defuses a file name a spreadsheet would run as a formula, as the grades export does', async () => {
    const cwd = process.cwd();
    process.chdir(dir); // the answer named as a teacher would type it, relative to here
    try {
      vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out = String(s)), true));
      const argv = ['--model', 'model.pdf', '--total', '5', '--format', 'csv'];
      expect(await main([...argv, '=HYPERLINK("x"),y.txt'])).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    const row = out.trim().split('\n')[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""x""),y.txt",graded,`)).toBe(true);
  });

  it('prints the answers to mark first with --suggest, the same every time, never an unreadable one', async () => {
    const answers = [
      ['c1.txt', 'A prototype simulates portions of the desired software product.'],
      ['c2.txt', 'A prototype simulates parts of the software product we want.'],
      ['c3.txt', 'It simulates portions of the desired product before it is built.'],
      ['d1.txt', 'It is a program that helps you solve problems.'],
      ['d2.txt', 'A program that helps to solve a problem.'],
      ['e1.txt', 'Testing the final version for bugs.'],
    ];
    for (const [name, text] of answers) file(name!, text!);
    const names = [...answers.map((a) => a[0]!), 'broken.pdf'];
    const argv = ['--model', 'model.pdf', '--total', '5', '--suggest', '3', ...names];
    expect(await run(...argv, '--format', 'table')).toBe(0);
    const first = out.trim().split('\n');
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    for (const f of first) expect(names.map((n) => join(dir, n))).toContain(f);
    expect(first).not.toContain(join(dir, 'broken.pdf'));
    // one from each group of alike answers
    const group = (f: string) => f.replace(/^.*\/([a-z])\d\.txt$/, '$1');
    expect(new Set(first.map(group))).toEqual(new Set(['c', 'd', 'e']));
    expect(await run(...argv, '--format', 'json')).toBe(0);
    expect(JSON.parse(out)).toEqual({ suggested: first });
  });
});
