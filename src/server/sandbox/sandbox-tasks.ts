import {
  createOcrEngine,
  extractDocument,
  inspectPdf,
  type ExtractedDocument,
  type OcrEngine,
  type PdfInspection,
  type ReadLimits,
} from '../../grading';
import type { PreparedAssignment, QuestionScoring } from '../../grading';
import {
  preparePapers,
  prepareRun,
  combineRun,
  readAnswer,
  scoreQuestions,
  suggestRun,
  type PreparedPapers,
  type PreparePapersInput,
  type PrepareRunInput,
  type ReadAnswerInput,
  type ReadAnswerOutput,
  type CombineScoresInput,
  type CombineScoresOutput,
  type ScoreQuestionsInput,
} from '../jobs/engine-tasks';

/** The work a reader process does; everything in it is plain data that crosses processes. */
export type SandboxTask =
  | { type: 'inspect-pdf'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'extract'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'prepare'; input: PreparePapersInput }
  | { type: 'prepare-run'; input: PrepareRunInput }
  | { type: 'read-answer'; input: ReadAnswerInput }
  | { type: 'score-questions'; input: ScoreQuestionsInput }
  | { type: 'combine-scores'; input: CombineScoresInput }
  | { type: 'suggest'; input: Parameters<typeof suggestRun>[0] };

type Results = {
  'inspect-pdf': PdfInspection;
  extract: ExtractedDocument;
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

/** Runs one task inside a reader process; the OCR engine is started once and kept for the next. */
export async function runSandboxTask(task: SandboxTask): Promise<Results[SandboxTask['type']]> {
  switch (task.type) {
    case 'inspect-pdf':
      return inspectPdf(task.bytes, task.limits);
    case 'extract':
      ocr ??= createOcrEngine();
      return extractDocument({ kind: 'pdf', bytes: task.bytes }, { ocr, limits: task.limits });
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
