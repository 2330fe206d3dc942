import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One human-graded short answer of the Mohler et al. (2011) dev split. */
export type DevRow = {
  assignment: string;
  question_id: string;
  question: string;
  model_answer: string;
  student_id: number;
  answer: string;
  score_avg: number;
};

/** A question with its model answer and every student answer to it. */
export type DevQuestion = {
  id: string;
  assignment: string;
  question: string;
  model: string;
  rows: DevRow[];
};

/** Default place of the dev split: the shared data folder beside the repository. */
export const DEV_PATH = fileURLToPath(
  new URL('../../shared/data/asag-mohler/dev.jsonl', import.meta.url),
);

/** Reads dev.jsonl and groups it by question, in file order. */
export function loadDev(path = DEV_PATH): DevQuestion[] {
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DevRow);
  const byQuestion = new Map<string, DevQuestion>();
  for (const r of rows) {
    let q = byQuestion.get(r.question_id);
    if (!q) {
      q = {
        id: r.question_id,
        assignment: r.assignment,
        question: r.question,
        model: r.model_answer,
        rows: [],
      };
      byQuestion.set(r.question_id, q);
    }
    q.rows.push(r);
  }
  return [...byQuestion.values()];
}

/** Pearson correlation of two equally long series. */
export function pearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** Root mean squared error of predictions against gold values. */
export function rmse(pred: number[], gold: number[]): number {
  return Math.sqrt(pred.reduce((s, p, i) => s + (p - gold[i]!) ** 2, 0) / pred.length);
}
