import { acronymStems, acronymsOf, withAcronyms, type Acronym } from './acronyms';
import { diagramText, findKeywords } from './diagram';
import { posFluency } from './fluency';
import { formOf, isList, type Form } from './form';
import { FULL_STATEMENT } from './rules';
import {
  isContradicted,
  isStated,
  judgePoint,
  optionOf,
  type ContradictionKind,
  type PointJudgment,
} from './judge';
import {
  judgeMaths,
  readMaths,
  readingContext,
  type MathsFinding,
  type Quantity,
  type ReadingContext,
} from './maths';
import { analyse, contentKeys } from './nlp';
import { correctSpelling, spellingTargets } from './spelling';
import { splitAnswer } from './split-answer';
import { answerStems } from './text';
import { DEFAULT_MATHS_SETTINGS } from './maths/types';
import type { ExtractedDocument, KeyPoint, PreparedAssignment, PreparedQuestion } from './types';

/**
 * What the engine reads in one answer to one question on its own, before it is compared with the
 * class: its form, which key points it states and how fully, and its word stems. Plain JSON, so a
 * worker can read answers in chunks and store this for the class-level step.
 */
export type QuestionAnalysis = {
  /** Stems of the answer as written: how the class's answers describe this question to the others. */
  raw: string[];
  /** The answer with spelling corrected toward the question's and model answer's words. */
  text: string;
  form: Form;
  /** Stems of the answer's content (repetition left out); empty when it says nothing. */
  stems: string[];
  /** The same, with each acronym of the model answer standing for its phrase too. */
  featureStems: string[];
  /**
   * Which right answer the answer is read against: 0 for the model answer, k for its k-th accepted
   * answer (the one it states best).
   */
  ref: number;
  /** Degree (0..1) to which the answer states each key point of that answer, in key-point order. */
  degrees: number[];
  /** Degree (0..1) to which it contradicts each of them (0 where nothing contradicts it). */
  contradictions: number[];
  /** How each contradiction was found, where there is one. */
  kinds: (ContradictionKind | null)[];
  /**
   * Per key point, the sentences (as read, spelling corrected) that state and contradict it, so
   * the review can mark them on the student's page; absent in analyses made before v0.6.
   */
  where?: { statedIn?: string; contradictedIn?: string }[];
  /** Share of the answer's words that stand in sentences rather than lists of terms. */
  structure: number;
  /**
   * What the engine read for each mathematical key point of that answer and how it stands, in
   * key-point order; absent when it has none. Their degrees are the findings' credit.
   */
  maths?: MathsFinding[];
  /**
   * Parts of the answer that looked like mathematics but could not be read (over a budget, OCR
   * garbage), as written; absent when there are none or the question has no mathematics.
   */
  mathsUnreadable?: string[];
};

/** One readable answer as read on its own: per question, and what the whole document shows. */
export type AnswerAnalysis = {
  /** Whether the answer's numbering matched the paper's questions. */
  numbered: boolean;
  questions: QuestionAnalysis[];
  /** Diagram keywords found and missing, when the assignment has any. */
  keywords: { found: string[]; missing: string[] } | null;
  /** OCR's mean confidence when any of the answer was read from images. */
  ocrConfidence: number | null;
  /** Why the scanned pages' reading cannot be trusted, when it cannot (see ocr-noise.ts). */
  hardToRead?: string;
};

/** What every answer to one question is read against; computed once per question. */
type QuestionContext = {
  questionKeys: Set<string>;
  modelKeys: Set<string>;
  order: string[];
  listsAllowed: boolean;
  targets: ReturnType<typeof spellingTargets>;
  acronyms: Acronym[];
  questionWords: Set<string>;
  /** Quantities the question gives a symbol ("m = 1200 kg"), for the steps of a calculation. */
  givens: Quantity[];
  /** How much the model answer reads as English (fluency.ts): an answer's own is read against it. */
  modelFluency: number;
  /** The question's mathematical notation: its symbols and names ("Ek", "GPE"). */
  notation: ReadingContext;
};

/**
 * Question contexts by question and model text: a worker reads many answers of one assignment,
 * each arriving with its own copy of the prepared assignment, so the key is the text.
 */
const contexts = new Map<string, QuestionContext>();
const KEPT_CONTEXTS = 256;

function contextOf(q: PreparedQuestion): QuestionContext {
  const key = `${q.questionText}\u0000${q.modelText}`;
  let ctx = contexts.get(key);
  if (ctx) return ctx;
  const questionAnalysis = analyse(q.questionText);
  const questionKeys = new Set(contentKeys(questionAnalysis));
  const modelAnalysis = analyse(q.modelText);
  ctx = {
    questionKeys,
    modelKeys: new Set(contentKeys(modelAnalysis).filter((k) => !questionKeys.has(k))),
    order: contentKeys(modelAnalysis),
    listsAllowed: isList(modelAnalysis),
    modelFluency: posFluency(modelAnalysis),
    targets: spellingTargets(`${q.questionText} ${q.modelText}`),
    acronyms: acronymsOf(q.modelText),
    questionWords: new Set(questionAnalysis.sentences.flatMap((s) => s.tokens.map((t) => t.key))),
    givens: readMaths(q.questionText).quantities.filter((x) => x.symbol !== null),
    notation: readingContext(q.questionText, q.modelText),
  };
  if (contexts.size >= KEPT_CONTEXTS) contexts.delete(contexts.keys().next().value!);
  contexts.set(key, ctx);
  return ctx;
}

/**
 * Reads one answer's text for question `qi` (see QuestionAnalysis). `earlierParts` are the
 * student's texts for the earlier parts of the same question, whose values a step of working
 * may carry forward.
 */
/** Whether an accepted answer opens with the option (or yes or no) an answer picked. */
const acceptsOption = (accepted: KeyPoint[][], picked: string | null) =>
  accepted.some((points) => !!points[0] && optionOf(points[0].phrase) === picked);

export function analyseQuestion(
  prepared: PreparedAssignment,
  qi: number,
  answerText: string,
  earlierParts: string[] = [],
): QuestionAnalysis {
  const q = prepared.questions[qi]!;
  const c = contextOf(q);
  const text = correctSpelling(answerText, c.targets);
  const form = formOf(
    analyse(text),
    c.questionKeys,
    c.modelKeys,
    c.order,
    c.listsAllowed,
    c.questionWords,
    c.modelFluency,
  );
  const stems = answerStems(form.text);
  const a = withAcronyms(analyse(form.text), c.acronyms);
  const all = a.sentences.reduce((n, s) => n + s.tokens.length, 0);
  const structured = a.sentences
    .filter((s) => s.structured)
    .reduce((n, s) => n + s.tokens.length, 0);
  const refs = [q.keyPoints, ...(q.accepted ?? []).map((x) => x.keyPoints)];
  const reading = refs.some((points) => points.some((p) => p.maths))
    ? readMaths(answerText, c.notation)
    : null;
  const earlier = reading ? earlierReading(earlierParts, c.notation) : NO_EARLIER;
  const judged = refs.map((points) => {
    const words =
      form.keywordList || !stems.length
        ? points.map(() => NOTHING)
        : points.map((p) => (p.maths ? NOTHING : judgePoint(p, a, c.listsAllowed)));
    return reading
      ? withMaths(points, words, mathsFindings(q, points, reading, c.givens, earlier))
      : words.map((judgment) => ({ judgment, finding: null }));
  });
  // Another option picked than the model answer's ("B. …" for "A. …", "No, …" for "Yes. …"): no
  // accepted answer in other words makes it right, as they answer the same choice; one that opens
  // with the answer's own option does (the teacher accepts "No" too).
  const otherOption =
    judged[0]!.some((j) => j.judgment.kind === 'choice') &&
    !acceptsOption(refs.slice(1), optionOf(a.sentences[0]?.text ?? ''));
  const ref = otherOption ? 0 : bestReference(judged.map((js) => js.map((j) => j.judgment)));
  const chosen = judged[ref]!;
  const maths = chosen.flatMap((j) => (j.finding ? [j.finding] : []));
  return {
    raw: answerStems(answerText),
    text,
    form,
    stems,
    featureStems: [...stems, ...acronymStems(stems, c.acronyms)],
    ref,
    degrees: chosen.map((j) => j.judgment.degree),
    contradictions: chosen.map((j) => j.judgment.contradiction),
    kinds: chosen.map((j) => j.judgment.kind),
    where: chosen.map(({ judgment: j }) => ({
      ...(j.statedIn ? { statedIn: j.statedIn } : {}),
      ...(j.contradictedIn ? { contradictedIn: j.contradictedIn } : {}),
    })),
    structure: all ? structured / all : 0,
    ...(maths.length ? { maths } : {}),
    ...(reading?.unreadable.length ? { mathsUnreadable: reading.unreadable } : {}),
  };
}

/** The findings for a right answer's mathematical key points, in their order. */
function mathsFindings(
  q: PreparedQuestion,
  points: KeyPoint[],
  reading: ReturnType<typeof readMaths>,
  givens: Quantity[],
  earlier: EarlierReading,
): MathsFinding[] {
  const maths = points.filter((p) => p.maths);
  if (!maths.length) return [];
  return judgeMaths(
    maths.map((p) => p.maths!),
    maths.map((p) => p.phrase),
    reading,
    q.maths ?? DEFAULT_MATHS_SETTINGS,
    givens,
    earlier.quantities,
    earlier.expressions,
  );
}

/** What a student wrote in the earlier parts of a question that a later part may carry forward. */
type EarlierReading = { quantities: Quantity[]; expressions: string[] };

const NO_EARLIER: EarlierReading = { quantities: [], expressions: [] };

/**
 * The quantities a student gave a symbol in the earlier parts of a question, and the expressions
 * written there ("(a) (x + 2)(x + 3)", whose roots part (b) may carry).
 */
function earlierReading(texts: string[], notation: ReadingContext): EarlierReading {
  const readings = texts.map((t) => readMaths(t, notation));
  return {
    quantities: readings.flatMap((r) => r.quantities.filter((x) => x.symbol !== null)),
    expressions: readings.flatMap((r) => r.expressions),
  };
}

/** The texts of the parts before question `qi` that belong to the same question ("1a" for "1b"). */
function earlierParts(prepared: PreparedAssignment, qi: number, texts: string[]): string[] {
  const question = (number: string) => /^\d*/.exec(number)![0];
  const own = question(prepared.questions[qi]!.number);
  return prepared.questions
    .slice(0, qi)
    .flatMap((q, k) => (question(q.number) === own ? [texts[k] ?? ''] : []));
}

/** Verdicts on a mathematical key point that state something else in its place. */
const WRONG = new Set(['wrong-sign', 'wrong-value', 'wrong-magnitude', 'not-equivalent']);

/**
 * Each key point's judgment: by its words, or, for a mathematical one, by its finding: the
 * credit it earns is its degree, and a wrong value or sign contradicts it.
 */
function withMaths(points: KeyPoint[], words: PointJudgment[], findings: MathsFinding[]) {
  let next = 0;
  return points.map((p, k) => {
    if (!p.maths) return { judgment: words[k]!, finding: null };
    const finding = findings[next++]!;
    const wrong = WRONG.has(finding.verdict);
    const judgment: PointJudgment = {
      degree: finding.credit,
      contradiction: wrong ? 1 : 0,
      kind: wrong ? 'number' : null,
    };
    return { judgment, finding };
  });
}

/** The key points of the right answer an answer is read against: the model answer's (0) or an accepted one's. */
export function pointsOf(q: PreparedQuestion, ref = 0): KeyPoint[] {
  return ref > 0 ? (q.accepted?.[ref - 1]?.keyPoints ?? q.keyPoints) : q.keyPoints;
}

const NOTHING: PointJudgment = { degree: 0, contradiction: 0, kind: null };

/**
 * The right answer an answer is closest to stating: most of its key points stated, fewest
 * contradicted, then the fullest statement; the model answer on a tie. An answer that states
 * none is read against the one it contradicts most, by an opposite where it can.
 */
function bestReference(judged: PointJudgment[][]): number {
  const share = (js: PointJudgment[], f: (j: PointJudgment) => boolean) =>
    js.filter(f).length / (js.length || 1);
  // by an opposite or swapped roles: a negation alone may be about another part of the answer
  const opposed = (j: PointJudgment) =>
    j.kind === 'opposite' || j.kind === 'swapped' ? j.contradiction : 0;
  // An answer that states none of the right answers is read against the one it contradicts most.
  const statesAny = judged.some((js) => share(js, isStated) > 0);
  const value = (js: PointJudgment[]) => {
    const mean = js.reduce((x, j) => x + j.degree, 0) / (js.length || 1);
    // an opposite stated in full is the surest contradiction: read against it on a tie
    const full = share(js, (j) => opposed(j) >= FULL_STATEMENT);
    if (!statesAny) return share(js, isContradicted) + 0.5 * full + 0.01 * mean;
    return share(js, isStated) - share(js, isContradicted) + 0.01 * mean;
  };
  let best = 0;
  judged.forEach((js, k) => {
    if (value(js) > value(judged[best]!) + 1e-9) best = k;
  });
  return best;
}

/** Options of analyseAnswer. */
export type AnalyseOptions = {
  /**
   * The teacher's corrections of what was read, by question number: each replaces the text the
   * engine read for that question (a misread sign, a number OCR got wrong).
   */
  readings?: Record<string, string>;
};

/**
 * Reads one readable answer on its own: split into the paper's questions, each read for form,
 * key points and words. Independent of the other answers, so answers can be read in any order,
 * in chunks, by any worker; the class-level step (scoreClass) then compares them.
 */
export function analyseAnswer(
  prepared: PreparedAssignment,
  document: Extract<ExtractedDocument, { status: 'ok' }>,
  opts: AnalyseOptions = {},
): AnswerAnalysis {
  const split = splitAnswer(prepared, document.text);
  const texts = prepared.questions.map(
    (q, qi) => opts.readings?.[q.number] ?? split.texts[qi] ?? '',
  );
  return {
    numbered: split.numbered,
    questions: prepared.questions.map((_, qi) =>
      analyseQuestion(prepared, qi, texts[qi]!, earlierParts(prepared, qi, texts)),
    ),
    keywords: prepared.diagramKeywords.length
      ? findKeywords(prepared.diagramKeywords, diagramText(document))
      : null,
    ocrConfidence: document.ocrConfidence,
    ...(document.hardToRead ? { hardToRead: document.hardToRead } : {}),
  };
}
