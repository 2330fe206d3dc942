/**
 * `markwise grade`: grades answer files against a model answer from the command line, as one
 * batch, through the same engine the server uses.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import {
  gradeAnswers,
  readBatch,
  suggestToMark,
  type AnswerResult,
  type DocumentInput,
} from '../grading';
import { csvCell } from '../shared/csv';

const USAGE = `Usage: markwise grade --model MODEL --total N [--question QUESTION] [--keywords "a,b"]
                      [--diagram-share 0.2] [--teacher-marks marks.csv] [--format json|csv|table]
                      [--suggest N] ANSWER...
MODEL, QUESTION and ANSWER are PDF or plain-text files; the answers are graded as one batch.
marks.csv has a header "file,marks". JSON is the default when stdout is not a terminal.
--suggest N prints, instead of marks, the N answers to mark first by hand (one file per line,
or {"suggested": [...]} as JSON): marking them teaches the engine most about the others.`;

/** A mistake in how the command was called: reported with the usage and exit status 2. */
class UsageError extends Error {}

type Format = 'json' | 'csv' | 'table';
type Options = {
  model: string;
  total: number;
  question?: string;
  keywords: string[];
  diagramShare?: number;
  teacherMarks?: string;
  format: Format;
  suggest?: number;
  answers: string[];
};

function parse(argv: string[]): Options | 'help' {
  const args = argv[0] === 'grade' ? argv.slice(1) : argv;
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        model: { type: 'string' },
        total: { type: 'string' },
        question: { type: 'string' },
        keywords: { type: 'string' },
        'diagram-share': { type: 'string' },
        'teacher-marks': { type: 'string' },
        format: { type: 'string' },
        suggest: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (!v.model) throw new UsageError('--model is required.');
  const total = Number(v.total);
  if (v.total === undefined || !Number.isFinite(total) || total <= 0 || total > 1000)
    throw new UsageError('--total must be a number of marks above 0 and at most 1000.');
  const format = (v.format ?? (process.stdout.isTTY ? 'table' : 'json')) as Format;
  if (!['json', 'csv', 'table'].includes(format))
    throw new UsageError(`--format must be json, csv or table (got "${v.format}").`);
  const share = v['diagram-share'] === undefined ? undefined : Number(v['diagram-share']);
  if (share !== undefined && !(share >= 0 && share <= 1))
    throw new UsageError('--diagram-share must be between 0 and 1.');
  if (!parsed.positionals.length) throw new UsageError('Give at least one ANSWER file.');
  const suggest = v.suggest === undefined ? undefined : Number(v.suggest);
  if (suggest !== undefined && !(Number.isInteger(suggest) && suggest >= 1))
    throw new UsageError('--suggest must be a whole number of answers, 1 or more.');
  const keywords = (v.keywords ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return {
    model: v.model,
    total,
    question: v.question,
    keywords,
    diagramShare: share,
    teacherMarks: v['teacher-marks'],
    format,
    suggest,
    answers: parsed.positionals,
  };
}

async function readInput(path: string): Promise<DocumentInput> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new UsageError(`Cannot read ${path}.`);
  }
  const isPdf = path.toLowerCase().endsWith('.pdf') || bytes.subarray(0, 1024).includes('%PDF-');
  return isPdf
    ? { kind: 'pdf', bytes: new Uint8Array(bytes) }
    : { kind: 'text', text: bytes.toString('utf8') };
}

/** Reads marks.csv ("file,marks") and matches its rows to the ANSWER arguments by path or file name. */
async function readTeacherMarks(
  path: string,
  answers: string[],
  total: number,
): Promise<{ id: string; marks: number }[]> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new UsageError(`Cannot read ${path}.`);
  });
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines[0]?.replace(/\s/g, '').toLowerCase() !== 'file,marks')
    throw new UsageError(`${path} must start with the header "file,marks".`);
  return lines.slice(1).map((line, i) => {
    const cut = line.lastIndexOf(',');
    const file = line
      .slice(0, cut)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const marks = Number(line.slice(cut + 1));
    const index = answers.findIndex((a) => a === file || basename(a) === file);
    if (cut < 0 || !Number.isFinite(marks) || marks < 0 || marks > total)
      throw new UsageError(`${path} line ${i + 2}: marks must be a number from 0 to ${total}.`);
    if (index < 0)
      throw new UsageError(`${path} line ${i + 2}: "${file}" is not one of the ANSWER files.`);
    return { id: String(index), marks };
  });
}

function toJson(file: string, r: AnswerResult) {
  if (r.status === 'unreadable') {
    return {
      file,
      status: r.status,
      marks: null,
      total: r.total,
      confidence: null,
      needsReview: true,
      reviewReasons: ['unreadable'],
      questions: [],
      feedback: null,
      reason: r.reason,
    };
  }
  const { marks, total, confidence, needsReview, reviewReasons, questions, feedback } = r;
  return {
    file,
    status: r.status,
    marks,
    total,
    confidence,
    needsReview,
    reviewReasons,
    questions,
    feedback,
    reason: null,
  };
}

function render(format: Format, files: string[], results: AnswerResult[]): string {
  const rows = results.map((r, i) => toJson(files[i]!, r));
  if (format === 'json') return JSON.stringify({ results: rows }, null, 2);
  const header = [
    'file',
    'status',
    'marks',
    'total',
    'confidence',
    'needsReview',
    'reason',
  ] as const;
  const cells = rows.map((row) => header.map((h) => (row[h] === null ? '' : String(row[h]))));
  if (format === 'csv')
    return [header.join(','), ...cells.map((c) => c.map(csvCell).join(','))].join('\n');
  const widths = header.map((h, j) => Math.max(h.length, ...cells.map((c) => c[j]!.length)));
  return [header, ...cells]
    .map((c) =>
      c
        .map((s, j) => s.padEnd(widths[j]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function progress(done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`,
  );
}

/** Runs `markwise grade` with the arguments after the command name; resolves to the exit status. */
export async function main(argv: string[]): Promise<number> {
  try {
    const opts = parse(argv);
    if (opts === 'help') {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    const modelAnswer = await readInput(opts.model);
    const questionPaper = opts.question ? await readInput(opts.question) : undefined;
    const answers = await Promise.all(
      opts.answers.map(async (file, i) => ({ id: String(i), input: await readInput(file) })),
    );
    const teacherMarks = opts.teacherMarks
      ? await readTeacherMarks(opts.teacherMarks, opts.answers, opts.total)
      : undefined;
    const batch = await readBatch({
      modelAnswer,
      questionPaper,
      answers,
      totalMarks: opts.total,
      diagramKeywords: opts.keywords,
      diagramShare: opts.diagramShare,
      onProgress: process.stderr.isTTY && answers.length > 1 ? progress : undefined,
    });
    if (opts.suggest !== undefined) {
      const files = suggestToMark(batch.prepared, batch.answers, opts.suggest).map(
        (id) => opts.answers[Number(id)]!,
      );
      const out =
        opts.format === 'json' ? JSON.stringify({ suggested: files }, null, 2) : files.join('\n');
      process.stdout.write(out + '\n');
      return 0;
    }
    const results = gradeAnswers(batch.prepared, batch.answers, { teacherMarks });
    process.stdout.write(render(opts.format, opts.answers, results) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`markwise grade: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`markwise grade: ${(error as Error).message}\n`);
    return 1;
  }
}
