/**
 * Answer-groups benchmark (`npm run bench:groups`): marking each question by groups against
 * marking it one answer at a time, on every human-marked corpus (Mohler dev; SemEval-2013 Task 7
 * training data, SciEntsBank and Beetle, Dzikovska et al. 2013, CC BY-SA 3.0).
 *
 * Each paper's class is read and scored as the app does (analyseAnswer, scoreQuestion). An action
 * is one mark the teacher sets: by groups, she marks a group's representative with its human mark
 * and every member takes it (groups in the order the app shows them); one by one, she marks the
 * next answer of the list. After each action the engine regrades the rest with every mark set so
 * far as evidence, through the same per-question teacher marks a grading run uses. The curve is
 * the agreement of the whole class's marks (set or proposed) with the human marks, against the
 * actions taken as a share of marking one by one (one action per answer).
 */
import { analyseAnswer, scoreQuestion, type TeacherMark } from '../src/grading';
import { compareGroups, groupScoring, median, type AnswerGroup } from '../src/grading/groups';
import { classEvidenceOf } from '../src/grading/score-class';
import { CORPORA, loadSemeval, mohlerQuestions, papersOf, sheet, type Corpus } from './corpora';
import type { Paper } from './corpora';
import { preparePaper } from './fit-model';
import { accuracy2, agreement, type Scored } from './metrics';

/** The targets of issue 24: Mohler r ≥ 0.90, SemEval 2-way accuracy ≥ 0.92, in a third of the actions. */
const TARGET = { mohler: 0.9, scientsbank: 0.92, beetle: 0.92 } as const;
const STEPS = Array.from({ length: 41 }, (_, i) => i / 40);

/** One action: the answers that take the mark, and the answer whose human mark it is. */
type Action = { rep: number; members: number[]; flag?: AnswerGroup['flag'] };

/** Groups in the order the app shows them, by the shares the engine proposes now (compareGroups). */
function inAppOrder(actions: Action[], shares: number[]): Action[] {
  return actions
    .map((a) => ({ a, share: median(a.members.map((i) => shares[i]!)) }))
    .sort((x, y) =>
      compareGroups(
        { flag: x.a.flag, members: x.a.members, share: x.share, representative: x.a.rep },
        { flag: y.a.flag, members: y.a.members, share: y.share, representative: y.a.rep },
      ),
    )
    .map((x) => x.a);
}

/** Per step of the curve: the actions taken and the class's marks, for both ways of marking. */
type Curve = { actions: number; scored: Scored[] }[];

type Totals = {
  answers: number;
  groups: number;
  ungrouped: number;
  /** Members whose human mark is their representative's. */
  pure: number;
  byGroups: Curve;
  oneByOne: Curve;
};

/** A plain-text answer sheet as extractDocument reads it. */
const okText = (text: string) => ({ status: 'ok' as const, text, pages: [], ocrConfidence: null });

const emptyCurve = (): Curve => STEPS.map(() => ({ actions: 0, scored: [] }));

function runPaper(paper: Paper, totals: Totals): void {
  const prepared = preparePaper(paper);
  const analysed = paper.students.map((s) => ({
    id: s.id,
    analysis: analyseAnswer(prepared, okText(sheet(s.rows.map((r) => r?.answer ?? null)))),
  }));
  paper.questions.forEach((_, qi) => {
    const q = prepared.questions[qi]!;
    const rows = paper.students.map((s) => s.rows[qi] ?? null);
    const present = rows.map((r, i) => (r ? i : -1)).filter((i) => i >= 0);
    const ev = classEvidenceOf(prepared, analysed, qi);
    const base = scoreQuestion(prepared, qi, analysed, [], ev);
    const texts = analysed.map((a) => a.analysis.questions[qi]!.text);
    const groups = groupScoring(base, texts, q)
      .map((g) => ({ ...g, members: g.members.filter((i) => rows[i]) }))
      .filter((g) => g.members.length > 0);
    totals.answers += present.length;
    totals.groups += groups.length;
    totals.ungrouped += groups.filter((g) => g.members.length === 1).length;
    for (const { members: m } of groups)
      totals.pure += m.filter((i) => rows[i]!.share === rows[m[0]!]!.share).length;
    const byGroups: Action[] = groups.map((g) => ({
      rep: g.members[0]!,
      members: g.members,
      flag: g.flag,
    }));
    const oneByOne: Action[] = present.map((i) => ({ rep: i, members: [i] }));
    const mark = (i: number) => rows[i]!.share * q.total;
    const scoreWith = (set: Map<number, number>) => {
      const teacherMarks: TeacherMark[] = [...set].map(([i, m]) => ({
        id: analysed[i]!.id,
        marks: m,
        questions: { [q.number]: m },
      }));
      return scoreQuestion(prepared, qi, analysed, teacherMarks, ev);
    };
    for (const [all, curve, regroup] of [
      [byGroups, totals.byGroups, true],
      [oneByOne, totals.oneByOne, false],
    ] as const) {
      const set = new Map<number, number>();
      let remaining = [...all];
      let taken = 0;
      let scoring = base;
      const scoredNow = (): Scored[] =>
        present.map((i) => ({
          share: set.has(i) ? set.get(i)! / q.total : scoring.scores[i]!.share,
          gold: rows[i]!.share,
          label: rows[i]!.label,
          count: rows[i]!.count,
        }));
      let scored = scoredNow();
      STEPS.forEach((t, s) => {
        const k = Math.min(all.length, Math.round(t * present.length));
        if (k > taken) {
          // after the regrade, the groups come in the app's order of the marks proposed now
          if (regroup)
            remaining = inAppOrder(
              remaining,
              scoring.scores.map((x) => x.share),
            );
          for (const a of remaining.slice(0, k - taken))
            for (const i of a.members) set.set(i, mark(a.rep));
          remaining = remaining.slice(k - taken);
          taken = k;
          scoring = scoreWith(set);
          scored = scoredNow();
        }
        curve[s]!.actions += taken;
        curve[s]!.scored.push(...scored);
      });
    }
  });
}

const metricOf = (corpus: Corpus, xs: Scored[]) =>
  corpus === 'mohler' ? agreement(xs).r : accuracy2(xs);

function report(corpus: Corpus, t: Totals): void {
  const name = corpus === 'mohler' ? 'Pearson r' : '2-way accuracy';
  console.log(
    `\n${corpus}: ${t.answers} answers; ${t.groups} groups (${t.ungrouped} single answers), mean size ${(t.answers / t.groups).toFixed(2)}; ${((100 * t.pure) / t.answers).toFixed(1)}% of answers carry their representative's human mark`,
  );
  console.log(
    `  share of one-by-one actions | by groups: actions  ${name.padEnd(14)} | one by one: actions  ${name}`,
  );
  const g = t.byGroups.map((c) => metricOf(corpus, c.scored));
  const o = t.oneByOne.map((c) => metricOf(corpus, c.scored));
  let lastGroups = -1;
  STEPS.forEach((s, i) => {
    const same = t.byGroups[i]!.actions === lastGroups && i % 4 !== 0;
    lastGroups = t.byGroups[i]!.actions;
    if (same && i !== STEPS.length - 1) return;
    console.log(
      `  ${(100 * s).toFixed(1).padStart(6)}%                     | ${String(t.byGroups[i]!.actions).padStart(14)}  ${g[i]!.toFixed(3).padEnd(14)} | ${String(t.oneByOne[i]!.actions).padStart(19)}  ${o[i]!.toFixed(3)}`,
    );
  });
  const target = TARGET[corpus];
  const first = (xs: number[], c: Curve) => {
    const i = xs.findIndex((v) => v >= target);
    return i < 0 ? null : c[i]!.actions;
  };
  const groupsAt = first(g, t.byGroups);
  const singleAt = first(o, t.oneByOne);
  const all = t.oneByOne[STEPS.length - 1]!.actions;
  const show = (a: number | null) =>
    a === null ? 'never' : `${a} actions (${((100 * a) / all).toFixed(1)}% of ${all})`;
  console.log(
    `  ${name} ≥ ${target}: by groups after ${show(groupsAt)}; one by one after ${show(singleAt)}`,
  );
  const ok = groupsAt !== null && groupsAt <= all / 3;
  console.log(
    `  target (≥ ${target} in at most a third of the ${all} one-by-one actions): ${ok ? 'met' : 'NOT met'}` +
      (groupsAt !== null && singleAt !== null
        ? `; groups need ${((100 * groupsAt) / singleAt).toFixed(0)}% of the actions one by one needs to reach it`
        : ''),
  );
}

function main(): void {
  const started = performance.now();
  console.log(
    'Markwise answer-groups benchmark: marking by groups against one by one (plain-text answers through analyseAnswer and scoreQuestion)',
  );
  console.log(
    'Data: Mohler et al. (2011) dev split; SemEval-2013 Task 7 training data (SciEntsBank, Beetle; Dzikovska et al. 2013, CC BY-SA 3.0)',
  );
  const questions = [...mohlerQuestions(), ...loadSemeval()];
  const only = CORPORA.filter((c) => process.argv.includes(c));
  for (const corpus of only.length ? only : CORPORA) {
    const totals: Totals = {
      answers: 0,
      groups: 0,
      ungrouped: 0,
      pure: 0,
      byGroups: emptyCurve(),
      oneByOne: emptyCurve(),
    };
    for (const paper of papersOf(questions.filter((q) => q.corpus === corpus)))
      runPaper(paper, totals);
    report(corpus, totals);
  }
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

main();
