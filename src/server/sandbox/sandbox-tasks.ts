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
  type GradeBatchInput,
  type GradeBatchOutput,
} from '../jobs/grade-batch';

/** The work a reader process does; everything in it is plain data that crosses processes. */
export type SandboxTask =
  | { type: 'inspect-pdf'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'extract'; bytes: Uint8Array; limits: ReadLimits }
  | { type: 'grade'; input: GradeBatchInput };

type Results = {
  'inspect-pdf': PdfInspection;
  extract: ExtractedDocument;
  grade: GradeBatchOutput;
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
  }
}
