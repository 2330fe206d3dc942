import type { MathsFinding, MathsSettings, MathsTarget } from './maths/types';
import type { ReviewReason } from '../shared/evaluations';
import type { PageWord } from './page-geometry';

/** Types shared by every stage of the grading engine; all results are plain JSON values. */

/** A document to grade or to grade against: the bytes of a PDF, or plain text. */
export type DocumentInput = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'text'; text: string };

/** Text of one page, with how it was obtained and, for OCR, how sure the OCR was (0..1). */
export type ExtractedPage = {
  number: number;
  text: string;
  source: 'text' | 'ocr' | 'none';
  /** OCR confidence 0..1 when any of the page's text came from OCR, else null. */
  ocrConfidence: number | null;
  /** Text read by OCR from the images on the page (diagram labels, scans). */
  imageText: string;
  hasImages: boolean;
  /**
   * For a page read by OCR, its words where they stand on the page as shown (see
   * page-geometry.ts), so marks can be drawn on a scan; absent on other pages and older readings.
   */
  words?: PageWord[];
  /** For a page read by OCR whose reading cannot be trusted: why, in words for the teacher. */
  hardToRead?: string;
};

/** Why a document could not be read; the server shows it to the teacher. */
export type UnreadableReason =
  'corrupt' | 'encrypted' | 'empty' | 'ocr-failed' | 'too-large' | 'over-limit';

/** The result of extraction: either the text page by page, or why there is none. */
export type ExtractedDocument =
  | {
      status: 'ok';
      text: string;
      pages: ExtractedPage[];
      ocrConfidence: number | null;
      /** Present when a scanned page's reading cannot be trusted: why (see ocr-noise.ts). */
      hardToRead?: string;
    }
  | { status: 'unreadable'; reason: UnreadableReason; message: string; pages: ExtractedPage[] };

/** What OCR read in an image: its text, how sure it is (0..1), and its words as shares of the image from its top left. */
export type OcrReading = {
  text: string;
  confidence: number;
  /** Each word with its box; `confidence` (0..1) and `line` let extraction drop OCR noise. */
  words?: {
    text: string;
    x: number;
    y: number;
    w: number;
    h: number;
    confidence?: number;
    line?: number;
  }[];
};

/** Reads text from page images; one engine is shared by many extractions and then terminated. */
export type OcrEngine = {
  /** Which program reads: the native tesseract (an optional speed-up) or tesseract.js. */
  reader?: 'tesseract' | 'tesseract.js';
  recognize(image: Uint8Array): Promise<OcrReading>;
  terminate(): Promise<void>;
};

/**
 * A key point: one complete statement of the model answer, the lemma stems that stand for it,
 * and whether it is stated negatively ("constructors do not return a value").
 */
export type KeyPoint = {
  phrase: string;
  stems: string[];
  negated?: boolean;
  /** Other ways of stating it that count too (a teacher's accepted alternatives). */
  alternatives?: KeyPoint[];
  /** What it asks for when it is mathematics (a quantity, an equation, a step of working). */
  maths?: MathsTarget;
};

/** Another answer the teacher accepts as right for a question, with its own key points. */
export type AcceptedAnswer = {
  text: string;
  keyPoints: KeyPoint[];
  /**
   * Accepted by the teacher from a student's answer: its words are that student's, so results
   * name it (ACCEPTED_BY_TEACHER) and never quote it to another student.
   */
  fromClass?: boolean;
};

/** One question of an assignment as the engine grades it. */
export type PreparedQuestion = {
  number: string;
  /** Marks this question is worth (already scaled so the questions add up to the total). */
  total: number;
  questionText: string;
  /** The model answer to this question, without its accepted alternatives. */
  modelText: string;
  keyPoints: KeyPoint[];
  /**
   * Other answers that are right too ("Also accept: …" in the model answer, or added by the
   * teacher from a student's answer): an answer that states any one of them is right.
   */
  accepted?: AcceptedAnswer[];
  /** How the question's numbers are marked (tolerance, wrong-unit share); defaults when absent. */
  maths?: MathsSettings;
};

/** Everything about an assignment the engine needs to grade its answers, computed once. */
export type PreparedAssignment = {
  totalMarks: number;
  questions: PreparedQuestion[];
  /** True when questions were found by their numbering; false when the whole document is one answer. */
  numbered: boolean;
  diagramKeywords: string[];
  diagramShare: number;
};

/** The marks and reasons for one question of one answer. */
export type QuestionResult = {
  number: string;
  marks: number;
  total: number;
  matched: string[];
  missing: string[];
  /** Key points the answer states the opposite of ("the bulb gets dimmer" against "brighter"). */
  contradicted?: string[];
  keywordsFound?: string[];
  keywordsMissing?: string[];
  /** Why a rule decided this question's marks ("This reads as an answer to question 2…"). */
  note?: string;
  /** The review reasons that concern this question. */
  reasons?: ReviewReason[];
  /**
   * Present when the teacher's marks on other answers moved this question's marks: the marks the
   * engine's own reading gives, and why they moved ("Calibrated on your marks for question 3: …").
   */
  calibration?: { engineMarks: number; note: string };
  /** Per mathematical key point: what the engine read in the answer and how it stands. */
  maths?: MathsFinding[];
  /**
   * Where the answer states or contradicts each key point it credits or flags: the key point as
   * named in `matched`/`contradicted` and the sentence as read, for marks drawn on the page.
   */
  evidence?: PointEvidence[];
};

/** One key point found in an answer: stated or contradicted, and the sentence that does it. */
export type PointEvidence = { point: string; kind: 'stated' | 'contradicted'; quote: string };

export type { ReviewReason };

/** The engine's proposal for one answer, or why it could not grade it. */
export type AnswerResult =
  | {
      id: string;
      status: 'graded';
      marks: number;
      total: number;
      confidence: number;
      needsReview: boolean;
      reviewReasons: ReviewReason[];
      questions: QuestionResult[];
      feedback: string;
    }
  | { id: string; status: 'unreadable'; reason: string; needsReview: true; total: number };

/**
 * A teacher's own marks for one answer of the batch, used to calibrate the others; with marks per
 * question (by question number) each question is calibrated on its own marks.
 */
export type TeacherMark = { id: string; marks: number; questions?: Record<string, number> };
