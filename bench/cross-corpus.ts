/**
 * Cross-corpus figures for the grading benchmark: the engine's model and the lexical baseline,
 * each fitted the same way, measured per corpus (1) with five folds grouped by question (by
 * assignment for Mohler, whose questions share papers), fitted on every corpus but the held-out
 * fold, (2) leaving one corpus out (fitted on the other two), and (3) as (1) with five teacher
 * marks per question calibrating the rest. The engine's shares go through its rules.
 */
import { calibrate } from '../src/grading/calibrate';
import { predictShare } from '../src/grading/model';
import type { Features } from '../src/grading/features';
import { settle } from '../src/grading/verdict';
import { allQuestions, CORPORA, type Corpus } from './corpora';
import { fitEnsemble, pick, predictEnsemble, ruled, samples, type Fittable } from './fit-model';
import { lexicalFeatures } from './lexical-baseline';
import { summary, type Scored } from './metrics';

const FOLDS = 5;
const TEACHER_MARKED = 5;

/** One answer as the cross-validation sees it, whichever model it is for. */
type Item = Fittable & {
  corpus: Corpus;
  question: string;
  group: string;
  label: string;
  count: number;
  /** The share the model's prediction becomes (the engine's rules; the baseline keeps it). */
  finish: (share: number) => { share: number; cap: number; floor: number };
  vec: Map<string, number>;
  /** Whether the answer is fitted on (the engine leaves out empty answers). */
  fit: boolean;
  /** The engine's features, for the shipped weights (null for the baseline and empty answers). */
  features: Features | null;
};

function foldOf(group: string): number {
  let h = 0;
  for (const c of group) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % FOLDS;
}

const plain = (share: number) => ({ share, cap: 1, floor: 0 });

function engineItems(): Item[] {
  return samples(allQuestions()).map((s) => ({
    ...s,
    group: s.corpus === 'mohler' ? s.assignment : s.question,
    finish: (share: number) => ruled(s, share),
    fit: s.features !== null,
  }));
}

function baselineItems(): Item[] {
  return allQuestions().flatMap((q) =>
    q.answers.map((a) => ({
      x: lexicalFeatures(q, a.answer),
      y: a.share,
      corpus: q.corpus,
      question: q.id,
      group: q.corpus === 'mohler' ? q.assignment : q.id,
      label: a.label,
      count: a.count,
      finish: plain,
      vec: new Map(),
      fit: true,
      features: null,
    })),
  );
}

type Predicted = { item: Item; raw: number };

function fitAndPredict(train: Item[], test: Item[], lambda: number): Predicted[] {
  const m = fitEnsemble(
    train.filter((t) => t.fit),
    lambda,
  );
  return test.map((item) => ({ item, raw: item.fit ? predictEnsemble(m, item.x) : 0 }));
}

const scored = (ps: Predicted[]): Scored[] =>
  ps.map(({ item, raw }) => ({
    share: item.finish(raw).share,
    gold: item.y,
    label: item.label,
    count: item.count,
  }));

/** Teacher marks on five answers per question calibrate the others; scored on the others only. */
function withTeacherMarks(ps: Predicted[]): Scored[] {
  const out: Scored[] = [];
  const byQuestion = new Map<string, Predicted[]>();
  for (const p of ps)
    byQuestion.set(p.item.question, [...(byQuestion.get(p.item.question) ?? []), p]);
  for (const [q, group] of byQuestion) {
    const marked = pick(group.length, TEACHER_MARKED, q.length * 7919 + group.length);
    const decided = group.map((p) => p.item.finish(p.raw));
    const moved = calibrate(
      group.map((p, j) => ({
        share: decided[j]!.share,
        vec: p.item.vec,
        teacherShare: marked.has(j) ? p.item.y : undefined,
      })),
    );
    group.forEach((p, j) => {
      if (marked.has(j)) return;
      const share = settle(moved[j]!, { ...decided[j]!, reasons: [], note: null });
      out.push({ share, gold: p.item.y, label: p.item.label, count: p.item.count });
    });
  }
  return out;
}

/** Out-of-fold and leave-one-corpus-out predictions of one kind of model. */
function crossValidate(items: Item[], lambda: number) {
  const grouped = new Map<Corpus, Predicted[]>();
  const loco = new Map<Corpus, Predicted[]>();
  for (const corpus of CORPORA) {
    const mine = items.filter((i) => i.corpus === corpus);
    const out: Predicted[] = [];
    for (let f = 0; f < FOLDS; f++) {
      const test = mine.filter((i) => foldOf(i.group) === f);
      const train = items.filter((i) => i.corpus !== corpus || foldOf(i.group) !== f);
      out.push(...fitAndPredict(train, test, lambda));
    }
    grouped.set(corpus, out);
    loco.set(
      corpus,
      fitAndPredict(
        items.filter((i) => i.corpus !== corpus),
        mine,
        lambda,
      ),
    );
  }
  return { grouped, loco };
}

/** Prints the cross-corpus tables: engine and baseline side by side for every corpus. */
export function printCrossCorpus(lambda: number): void {
  const started = performance.now();
  const items = engineItems();
  const engine = crossValidate(items, lambda);
  const baseline = crossValidate(baselineItems(), lambda);
  console.log(
    `\nAcross corpora (fitted on every corpus; ${FOLDS} folds grouped by question, by assignment for Mohler; ${((performance.now() - started) / 1000).toFixed(0)} s):`,
  );
  const row = (title: string, e: Scored[], b: Scored[], mohler: boolean) => {
    console.log(`  ${title}`);
    console.log(`    engine    ${summary(e, mohler)}`);
    console.log(`    baseline  ${summary(b, mohler)}`);
  };
  // What a new subject meets before its teacher marks anything: the shipped weights (fitted on
  // Mohler alone), no refit, through the rules.
  for (const corpus of CORPORA.filter((c) => c !== 'mohler')) {
    const shipped = items
      .filter((i) => i.corpus === corpus)
      .map((i) => ({ item: i, raw: i.fit ? predictShare(i.features!) : 0 }));
    console.log(`  ${corpus}, the shipped weights as they are:`);
    console.log(`    engine    ${summary(scored(shipped), false)}`);
    console.log(
      `    with ${TEACHER_MARKED} teacher marks per question: ${summary(withTeacherMarks(shipped), false)}`,
    );
  }
  for (const corpus of CORPORA) {
    const mohler = corpus === 'mohler';
    const e = engine.grouped.get(corpus)!;
    const b = baseline.grouped.get(corpus)!;
    row(`${corpus}, grouped:`, scored(e), scored(b), mohler);
    row(
      `${corpus}, leave this corpus out:`,
      scored(engine.loco.get(corpus)!),
      scored(baseline.loco.get(corpus)!),
      mohler,
    );
    row(
      `${corpus}, grouped, ${TEACHER_MARKED} teacher marks per question:`,
      withTeacherMarks(e),
      withTeacherMarks(b),
      mohler,
    );
  }
}
