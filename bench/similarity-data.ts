// The class that `npm run bench:similarity` compares: 500 two-page hand-ins made of real student
// answers (Mohler's dev split and the SemEval training answers), each answer used by one hand-in
// only, that quote the question paper and the model answer as students do, with 10 planted pairs
// in which the second hand-in copies part of the first and rewords some of what it copies.
import { readFileSync } from 'node:fs';
import { seededRandom } from '../src/shared/seeded-random';
import { SEMEVAL_PATH } from './corpora';
import { DEV_PATH } from './dev-data';

type Row = { question: string; model_answer: string; answer: string };

const read = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/** Swaps, drops and adds words here and there, as a student hiding a copy does. */
function reword(text: string, random: () => number) {
  const out: string[] = [];
  for (const w of words(text)) {
    const r = random();
    if (r < 0.08) continue;
    if (r < 0.16) out.push(w.length > 3 ? `${w.slice(0, -1)}es` : 'also');
    else out.push(w);
    if (random() < 0.05) out.push('basically');
  }
  return out.join(' ');
}

export type BenchClass = {
  questionPaper: string;
  modelAnswer: string;
  /** Each hand-in's two pages. */
  handIns: Array<[string, string]>;
  /** Indices of the planted pairs: [copied from, copier]. */
  planted: Array<[number, number]>;
};

/** Builds the class, the same every time for one seed (another seed: another class). */
export function benchClass(students = 500, questions = 12, pairs = 10, seed = 24): BenchClass {
  const random = seededRandom(seed);
  const rows = [...read(DEV_PATH), ...read(SEMEVAL_PATH)];
  const seen = new Set<string>();
  const answers = rows
    .map((r) => r.answer.replace(/\s+/g, ' ').trim())
    .filter((a) => {
      const key = a.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
      if (words(a).length < 3 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const shuffled = (pool: string[]) => {
    const out = [...pool];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  // Two pages need about 24 answers each: every answer is used once, and then the short ones
  // (ten words at most) once more, as two students of a class sometimes write the same sentence.
  const short = answers.filter((a) => words(a).length <= 10);
  const draws = [...shuffled(answers), ...shuffled(short)];
  const papers = [...new Map(rows.map((r) => [r.question, r])).values()]
    .filter((r) => words(r.model_answer).length >= 8)
    .slice(0, questions);
  const perQuestion = 2;
  let next = 0;
  const take = () => draws[next++ % draws.length]!;
  const handIns: Array<[string, string]> = [];
  for (let s = 0; s < students; s++) {
    const blocks = papers.map((p, q) => {
      const parts = [`${q + 1}.`];
      if (random() < 0.3) parts.push(p.question);
      if (random() < 0.35) parts.push(p.model_answer);
      for (let k = 0; k < perQuestion; k++) parts.push(take());
      return parts.join(' ');
    });
    const half = Math.ceil(blocks.length / 2);
    handIns.push([blocks.slice(0, half).join('\n'), blocks.slice(half).join('\n')]);
  }
  // The copier takes from 40% to 85% of the other's answers (5 to 10 of 12), rewording a third
  // of what it takes.
  const planted: Array<[number, number]> = [];
  for (let p = 0; p < pairs; p++) {
    const from = 2 * p * 17 + 3;
    const to = from + 17;
    const share = 0.4 + (0.45 * p) / Math.max(1, pairs - 1);
    const source = handIns[from]!.join('\n').split('\n');
    const own = handIns[to]!.join('\n').split('\n');
    const order = own.map((_, q) => q).sort(() => random() - 0.5);
    const copied = new Set(order.slice(0, Math.round(share * own.length)));
    const mixed = own.map((line, q) =>
      copied.has(q) ? (random() < 0.33 ? reword(source[q]!, random) : source[q]!) : line,
    );
    const half = Math.ceil(mixed.length / 2);
    handIns[to] = [mixed.slice(0, half).join('\n'), mixed.slice(half).join('\n')];
    planted.push([from, to]);
  }
  const numbered = (f: (r: Row) => string) => papers.map((p, q) => `${q + 1}. ${f(p)}`).join('\n');
  return {
    questionPaper: numbered((r) => r.question),
    modelAnswer: numbered((r) => r.model_answer),
    handIns,
    planted,
  };
}
