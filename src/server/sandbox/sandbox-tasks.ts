import {
  createOcrEngine,
  extractDocument,
  inspectPdf,
  type ExtractedDocument,
  type OcrEngine,
  type PdfInspection,
  type ReadLimits,
} from '../../grading';
import {
  gradePreparedBatch,
  preparePapers,
  type GradeBatchInput,
  type GradeBatchOutput,
  type PreparedPapers,
  type PreparePapersInput,
} from '../jobs/grade-batch';

/** The work a reader process does; everything in it is plain data that crosses processes. */
export type SandboxTask =
  | { type: 'inspect-pdf'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'extract'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'grade'; input: GradeBatchInput }
  | { type: 'prepare'; input: PreparePapersInput };

type Results = {
  'inspect-pdf': PdfInspection;
  extract: ExtractedDocument;
  grade: GradeBatchOutput;
  prepare: PreparedPapers;
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
    case 'grade':
      return gradePreparedBatch(task.input);
    case 'prepare':
      ocr ??= createOcrEngine();
      return preparePapers(task.input, ocr);
  }
}
