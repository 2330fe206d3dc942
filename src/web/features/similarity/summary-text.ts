import type { PaperState, SimilarityReport } from '../../../shared/similarity';

const paperName = (p: PaperState) =>
  p.paper === 'question-paper' ? 'the question paper' : 'the model answer';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Ignored: …": the papers whose text was left out, and the class's common phrases. */
export function ignoredLine(r: Pick<SimilarityReport, 'papers' | 'commonPhrases'>) {
  const parts: string[] = r.papers.filter((p) => p.ignored).map(paperName);
  if (r.commonPhrases > 0)
    parts.push(
      `${r.commonPhrases} ${r.commonPhrases === 1 ? 'phrase' : 'phrases'} that many hand-ins have`,
    );
  if (parts.length === 0) return null;
  const last = parts.pop()!;
  return `Ignored: ${parts.length ? `${parts.join(', ')} and ${last}` : last}.`;
}

/**
 * For each paper whose text was not left out: that it could not be read, why, and what it
 * means for the pairs listed.
 */
export function papersNotIgnored(r: Pick<SimilarityReport, 'papers'>) {
  return r.papers
    .filter((p) => !p.ignored)
    .map((p) =>
      `${capital(paperName(p))} could not be read, so its text was not left out: students who quote it may be listed. ${p.reason ?? ''}`.trim(),
    );
}

/** The hand-ins read but not compared, beyond the most one report compares. */
export function overLimitLine(r: Pick<SimilarityReport, 'overLimit'>) {
  const o = r.overLimit;
  if (!o) return null;
  const n = (k: number, what: string) => `${k} ${k === 1 ? 'hand-in' : 'hand-ins'} ${what}`;
  const left = [
    o.thisClass > 0 ? n(o.thisClass, 'of this class (the latest)') : null,
    o.earlier > 0 ? n(o.earlier, 'of earlier classes') : null,
  ].filter(Boolean);
  return `Not compared: ${left.join(' and ')}. A report compares at most ${o.limit.toLocaleString('en-GB')} hand-ins, this class's first.`;
}
