// The reading tasks' modules load with the reader; the engine's (the language models, about a
// second of CPU) on a reader's first engine task. A reader that only checks and reads uploads,
// or is killed by a hostile file first, never pays for them.
import type {
  ExtractedDocument,
  OcrEngine,
  PageLayout,
  PdfInspection,
  PreparedAssignment,
  QuestionScoring,
  ReadLimits,
} from '../../grading';
import { extractDocument } from '../../grading/extract';
import { inspectPdf } from '../../grading/inspect';
import { createOcrEngine } from '../../grading/ocr';
import { readPageLayouts, type PageLayoutsReading } from '../../grading/page-layout-read';
import { loadPdfJs } from '../../grading/pdfjs';
import type * as EngineTasks from '../jobs/engine-tasks';
import {
  findSimilar,
  type SimilarityDoc,
  type SimilarityOptions,
  type SimilarityReport,
} from '../../grading/similarity';
import type { MarkedPdfWriting } from '../modules/page-marks/marked-pdf';
import type { DrawnMarks } from '../modules/page-marks/page-marks.service';
import type {
  PreparedPapers,
  PreparePapersInput,
  PrepareRunInput,
  ReadAnswerInput,
  ReadAnswerOutput,
  CombineScoresInput,
  CombineScoresOutput,
  ScoreQuestionsInput,
  suggestRun,
} from '../jobs/engine-tasks';

/** The work a reader process does; everything in it is plain data that crosses processes. */
export type SandboxTask =
  | { type: 'inspect-pdf'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'extract'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'similar'; docs: SimilarityDoc[]; options: SimilarityOptions }
  | {
      type: 'page-layouts';
      bytes: Uint8Array;
      reading: ExtractedDocument | null;
      limits: ReadLimits;
    }
  | {
      type: 'marked-pdf';
      bytes: Uint8Array;
      layouts: PageLayout[];
      drawn: DrawnMarks;
      limits: ReadLimits;
    }
  | { type: 'prepare'; input: PreparePapersInput }
  | { type: 'prepare-run'; input: PrepareRunInput }
  | { type: 'read-answer'; input: ReadAnswerInput }
  | { type: 'score-questions'; input: ScoreQuestionsInput }
  | { type: 'combine-scores'; input: CombineScoresInput }
  | { type: 'suggest'; input: Parameters<typeof suggestRun>[0] };

type Results = {
  'inspect-pdf': PdfInspection;
  extract: ExtractedDocument;
  similar: SimilarityReport;
  'page-layouts': PageLayoutsReading;
  'marked-pdf': MarkedPdfWriting;
  prepare: PreparedPapers;
  'prepare-run': PreparedAssignment | null;
  'read-answer': ReadAnswerOutput;
  'score-questions': QuestionScoring[];
  'combine-scores': CombineScoresOutput;
  suggest: string[];
};

/** What a task of type K answers. */
export type SandboxTaskResult<K extends SandboxTask['type']> = Results[K];

let ocr: OcrEngine | null = null;

type Engine = typeof EngineTasks;
let engine: Engine | null = null;
let loading: Promise<Engine> | null = null;

/** Loads what every task needs (pdf.js), so that a task's time limit measures its work alone. */
export function warmReader(): void {
  loadPdfJs();
}

/** The reading tasks: they never load the engine's modules. */
const READING_TASKS: ReadonlySet<SandboxTask['type']> = new Set([
  'inspect-pdf',
  'extract',
  'page-layouts',
  'marked-pdf',
  'similar',
]);

/** Whether the task needs the engine's modules and they are not loaded yet. */
export function needsEngine(task: SandboxTask): boolean {
  return engine === null && !READING_TASKS.has(task.type);
}

/** Loads the engine's modules, once. */
export async function loadEngine(): Promise<Engine> {
  loading ??= import('../jobs/engine-tasks');
  return (engine = await loading);
}

/** Runs one task inside a reader process; the OCR engine is started once and kept for the next. */
export async function runSandboxTask(task: SandboxTask): Promise<Results[SandboxTask['type']]> {
  if (task.type === 'inspect-pdf') return inspectPdf(task.bytes, task.limits);
  // Similar hand-ins: a large class's texts compared off the server's event loop, in time.
  if (task.type === 'similar') return findSimilar(task.docs, task.options);
  if (task.type === 'extract') {
    ocr ??= createOcrEngine();
    return extractDocument({ kind: 'pdf', bytes: task.bytes }, { ocr, limits: task.limits });
  }
  if (task.type === 'page-layouts') return readPageLayouts(task.bytes, task.reading, task.limits);
  if (task.type === 'marked-pdf') {
    // pdf-lib loads with the first marked copy, not with every reader
    const { writeMarkedPdf } = await import('../modules/page-marks/marked-pdf');
    return writeMarkedPdf(task.bytes, task.layouts, task.drawn, task.limits);
  }
  const { preparePapers, prepareRun, readAnswer, scoreQuestions, combineRun, suggestRun } =
    engine ?? (await loadEngine());
  switch (task.type) {
    case 'prepare':
      ocr ??= createOcrEngine();
      return preparePapers(task.input, ocr);
    case 'prepare-run':
      return prepareRun(task.input);
    case 'read-answer':
      return readAnswer(task.input, () => (ocr ??= createOcrEngine()));
    case 'score-questions':
      return scoreQuestions(task.input);
    case 'combine-scores':
      return combineRun(task.input);
    case 'suggest':
      return suggestRun(task.input);
  }
}
