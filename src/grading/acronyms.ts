import { analyse, type Analysis, type Token } from './nlp';
import { contentStems, isContent } from './text';

/**
 * Acronyms the model answer defines ("last in, first out (LIFO)") stand for their phrase in the
 * answers, so a student who writes "a stack is LIFO" states the same key point as one who spells
 * it out. The phrase is added to what the answer is matched on, not to its text, so the answer's
 * form (a sentence or a list of terms) is read as the student wrote it.
 */

/** An acronym of the model answer (lower case, as tokens hold words) and the words it stands for. */
export type Acronym = { short: string; phrase: string };

/** Acronyms defined in a text as "words (ABC)", where the words' initials spell the acronym. */
export function acronymsOf(text: string): Acronym[] {
  const out: Acronym[] = [];
  for (const m of text.matchAll(/\(([A-Z]{2,8})s?\)/g)) {
    const short = m[1]!;
    const before = (text.slice(0, m.index).match(/[A-Za-z][A-Za-z'-]*/g) ?? []).slice(
      -short.length,
    );
    const initials = before.map((w) => w[0]!.toUpperCase()).join('');
    // An acronym that is also a common word ("USE", "IT") is left alone.
    if (before.length === short.length && initials === short && isContent(short.toLowerCase()))
      out.push({ short: short.toLowerCase(), phrase: before.join(' ') });
  }
  return out;
}

/** The analysis with each defined acronym followed by the content words of its phrase. */
export function withAcronyms(a: Analysis, acronyms: Acronym[]): Analysis {
  if (!acronyms.length) return a;
  const phrases = new Map(
    acronyms.map((x) => [
      x.short,
      analyse(x.phrase).sentences.flatMap((s) => s.tokens.filter((t) => t.content)),
    ]),
  );
  return {
    sentences: a.sentences.map((s) => ({
      ...s,
      tokens: s.tokens.flatMap((t): Token[] => {
        const phrase = phrases.get(t.word);
        return phrase
          ? [t, ...phrase.map((p) => ({ ...p, negated: t.negated, denied: t.denied }))]
          : [t];
      }),
    })),
  };
}

/** The content stems an answer's acronyms stand for, to add to the answer's own. */
export function acronymStems(stems: string[], acronyms: Acronym[]): string[] {
  const found = new Set(stems);
  return acronyms.flatMap((x) => (found.has(x.short) ? contentStems(x.phrase) : []));
}
