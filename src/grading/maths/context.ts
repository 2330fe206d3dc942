import { KNOWN_NAMES, NO_CONTEXT, type ReadingContext } from './names';
import { symbolsOf } from './parse';
import { readDetailed } from './read';

/**
 * The notation of a question, read from its paper and its model answer: the symbols they use,
 * and the names of more than one letter the model answer gives a value or a formula ("GPE = mgh":
 * GPE is one symbol wherever the answers write it, "2GPE/m" included). A name whose every letter
 * the question also uses as a symbol of its own ("Ft = mv − mu" beside F and t) stays a product.
 */
export function readingContext(questionText: string, modelText: string): ReadingContext {
  const symbols = new Set<string>();
  const defined: string[] = [];
  for (const text of [questionText, modelText]) {
    const reading = readDetailed(text, NO_CONTEXT);
    for (const chain of reading.chains) {
      const first = chain[0]!.node;
      if (first.t === 'sym' && /^[A-Za-z]{2,4}$/.test(first.name)) defined.push(first.name);
      for (const side of chain) symbolsOf(side.node, symbols);
    }
    for (const e of reading.expressions) symbolsOf(e.node, symbols);
  }
  const names = new Map(KNOWN_NAMES);
  for (const name of defined)
    if (![...name].every((letter) => symbols.has(letter))) names.set(name, name);
  return { names, symbols };
}
