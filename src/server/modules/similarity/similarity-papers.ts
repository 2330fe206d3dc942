import type { PaperState } from '../../../shared/similarity';
import { readerLimitMessage } from '../../sandbox/limit-message';
import type { AssignmentRow } from '../assignments/assignments.service';
import type { QuestionDeps } from '../assignments/questions.service';
import { readFileBytes } from '../files/files.service';
import { paperFiles } from './similarity.repository';

/** A paper as the reader answered: its text, or why it has none to leave out. */
type PaperRead = { text: string; problem: string | null };

/** The papers' text, and what the report says about each. */
export type Papers = {
  /** Content hashes of the question paper and the model answer (earlier runs are found by them). */
  hashes: { question: string | null; model: string | null };
  /** Texts every hand-in may quote: left out of the comparison. */
  ignore: string[];
  states: PaperState[];
  /** Identifies what was left out, for the report's cache key. */
  key: string;
};

// Only the reader's answers are kept, by file content (reading a PDF costs more than comparing
// the class). A paper the reader could not take now (time or memory limit, a crash, the pool
// closing) is not kept: it is read again on the next report, and until then it is not left out.
const PAPER_CACHE = 64;
const paperReads = new Map<string, PaperRead>();

const notFound = 'Its file could not be found in storage.';
const notNow = 'It could not be read just now; it is read again the next time you open the page.';

async function readPaper(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  fileId: string,
  sha256: string,
): Promise<PaperRead> {
  const kept = paperReads.get(sha256);
  if (kept) return kept;
  const bytes = await readFileBytes(deps.db.kysely, deps.store, fileId);
  if (!bytes) return { text: '', problem: notFound };
  const { pool, reading } = deps.checker;
  const out = await pool
    .run(
      { type: 'extract', bytes, limits: reading.limits },
      {
        lane: 'interactive',
        owner: `assignment:${assignment.id}`,
        timeoutMs: reading.gradeTimeoutMs,
      },
    )
    .catch(() => null);
  if (!out) return { text: '', problem: notNow };
  if (!out.ok)
    return {
      text: '',
      problem: `${readerLimitMessage(out.limit, reading.gradeTimeoutMs, reading.memoryMb)} ${notNow}`,
    };
  const read: PaperRead =
    out.value.status === 'ok'
      ? { text: out.value.text, problem: null }
      : { text: '', problem: out.value.message };
  if (paperReads.size >= PAPER_CACHE) paperReads.delete(paperReads.keys().next().value!);
  paperReads.set(sha256, read);
  return read;
}

/**
 * The assignment's papers: their files looked up once, each read in a reader process (once per
 * content), and for each whether its text is left out of the comparison and, if not, why.
 */
export async function papersOf(deps: QuestionDeps, assignment: AssignmentRow): Promise<Papers> {
  const hashes = await paperFiles(deps.db.kysely, assignment);
  const given = [
    { paper: 'question-paper', fileId: assignment.question_file_id, sha: hashes.question },
    { paper: 'model-answer', fileId: assignment.model_answer_file_id, sha: hashes.model },
  ] as const;
  const states: PaperState[] = [];
  const ignore: string[] = [];
  const key: string[] = [];
  for (const p of given) {
    if (!p.fileId) continue;
    const read = p.sha
      ? await readPaper(deps, assignment, p.fileId, p.sha)
      : { text: '', problem: notFound };
    states.push({ paper: p.paper, ignored: read.problem === null, reason: read.problem });
    if (read.problem === null) ignore.push(read.text);
    key.push(`${p.paper}:${p.sha}:${read.problem === null ? 'ignored' : 'not'}`);
  }
  return { hashes, ignore, states, key: key.join('|') };
}

/** Forgets the papers read (tests start each case from the database). */
export function forgetPapers() {
  paperReads.clear();
}
