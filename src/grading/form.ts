import { posFluency } from './fluency';
import { FUNCTION_POS, type Analysis, type Token } from './nlp';
import { stem } from './text';
import {
  COPY_COVERS,
  GARBLED_FLUENCY,
  GARBLED_MARGIN,
  GARBLED_MIN_WORDS,
  HANGING_WORDS,
  GARBLED_PAIRS,
  LIST_MIN_PHRASE,
  LIST_MIN_WORDS,
  LIST_SHARE,
  REORDERED_FOREIGN,
  REORDERED_PAIRS,
  SHUFFLED_COVER,
  STRUCTURE_SHARE,
} from './rules';

/**
 * The form of an answer, apart from what it says: a list of terms without sentences, the same
 * text repeated to look longer, or the question copied out. Each is marked down and named, so a
 * student cannot earn marks by dropping the model answer's words on the page.
 */
export type Form = {
  /** Most of the answer's words stand in lists of terms rather than sentences. */
  keywordList: boolean;
  /**
   * The answer is the model answer's words in another order, with hardly a word of its own and no
   * two of them in the model's order, however many small words stand between them ("stack the top
   * is push of element"): flagged, since the key points it seems to state may be no statement.
   */
  reordered: boolean;
  /**
   * The answer is the model answer's words, with hardly a word of its own, in an order that does
   * not read as English ("salt leaving is water evaporated the"; see fluency.ts), however many of
   * them happen to stand in the model's order, or left hanging on a word that needs another
   * ("damaged bulb is"; see dangles): flagged, as reordered, but not marked down.
   */
  garbled: boolean;
  /** Share of the answer's words that repeat its own earlier sentences (0..1). */
  repeatedShare: number;
  /** The answer is mostly the question's own words, with next to nothing added. */
  copiesQuestion: boolean;
  /** The answer's text with repeated sentences left out: what its content is judged on. */
  text: string;
  /** How many content words the answer has. */
  contentWords: number;
  /** How many of them are not the question's own words: what the answer adds to the question. */
  ownWords: number;
};

/** Code is not a list of terms, whatever its parts of speech. */
const CODE = /[{}();=<>[\]]/;

/**
 * Reads the form of an answer. `question` and `model` hold the lemma stems of the question's and
 * the model answer's content words, `questionWords` the stems of all the question's words;
 * `modelPhrase` says the model answer is itself a phrase or list of terms (then a list is a fair
 * answer), and `modelFluency` how much the model answer reads as English (see fluency.ts).
 */
export function formOf(
  a: Analysis,
  question: Set<string>,
  model: Set<string>,
  modelOrder: string[],
  modelPhrase: boolean,
  questionWords: Set<string> = question,
  modelFluency = 0,
): Form {
  const all = a.sentences.flatMap((s) => s.tokens);
  const content = all.filter((t) => t.content);
  const structuredWords = a.sentences
    .filter((s) => s.structured)
    .reduce((n, s) => n + s.tokens.length, 0);
  const unstructured =
    !CODE.test(a.sentences.map((s) => s.text).join(' ')) &&
    structuredWords < LIST_SHARE * Math.max(1, all.length);
  const keys = content.map((t) => t.key);
  // The model's words out of order: most of them, no two in the model's order, hardly a
  // function word between them.
  const modelWords = new Set(keys.filter((k) => model.has(k))).size;
  const shuffled =
    content.length >= LIST_MIN_WORDS &&
    !sharesPair(keys, modelOrder) &&
    modelWords >= SHUFFLED_COVER * model.size &&
    all.filter((t) => FUNCTION_POS.has(t.pos)).length < STRUCTURE_SHARE * all.length;
  // When the model answer is itself a phrase or a list ("Private and public"), a list of terms
  // is a fair answer, unless it is the model's own words out of their order.
  const keywordList =
    shuffled ||
    (unstructured &&
      (modelPhrase
        ? content.length >= LIST_MIN_PHRASE &&
          modelWords >= SHUFFLED_COVER * model.size &&
          !sharesPair(keys, modelOrder)
        : content.length >= LIST_MIN_WORDS));
  // A word is the model's by its lemma or, where the tagger read it as another part of speech
  // ("leaves" as a noun), by its own stem.
  const modelAll = new Set(modelOrder);
  const foreign = content.filter(
    (t) => !modelAll.has(t.key) && !question.has(t.key) && !modelAll.has(stem(t.word)),
  ).length;
  // Made of the model's words: most of them, and hardly a word of its own.
  const modelsWords =
    !keywordList &&
    modelWords >= SHUFFLED_COVER * model.size &&
    foreign <= REORDERED_FOREIGN * content.length;
  const inOrder = pairShare(keys, modelOrder);
  const reordered = modelsWords && content.length >= LIST_MIN_WORDS && inOrder <= REORDERED_PAIRS;
  // Strung out of order, or left hanging on a word that needs another ("damaged bulb is", "…
  // valley of"): a few of the model's words are no statement either.
  const garbled =
    modelsWords &&
    !reordered &&
    ((content.length >= GARBLED_MIN_WORDS &&
      inOrder <= GARBLED_PAIRS &&
      posFluency(a) < Math.min(GARBLED_FLUENCY, modelFluency - GARBLED_MARGIN)) ||
      (content.length >= 2 && a.sentences.some((s) => dangles(s.tokens))));
  const seen = new Set<string>();
  const kept: string[] = [];
  let repeated = 0;
  for (const s of a.sentences) {
    const key = s.tokens
      .filter((t) => t.content)
      .map((t) => t.key)
      .join(' ');
    if (key && seen.has(key)) repeated += s.tokens.length;
    else kept.push(s.text);
    if (key) seen.add(key);
  }
  const present = new Set(keys);
  const covers = [...question].filter((k) => present.has(k)).length;
  // Restating the question to lead into the answer is fine ("The base case … is one"): only an
  // answer that adds no word of its own, not even a number, copies the question.
  const adds = all.some((t) => (t.content || t.pos === 'NUM') && !questionWords.has(t.key));
  const copiesQuestion =
    content.length > 0 && question.size > 0 && covers >= COPY_COVERS * question.size && !adds;
  return {
    keywordList,
    reordered,
    garbled,
    repeatedShare: all.length ? repeated / all.length : 0,
    copiesQuestion,
    text: kept.join(' '),
    contentWords: content.length,
    ownWords: content.filter((t) => !question.has(t.key)).length,
  };
}

/** Share of the neighbouring words of `keys` that stand next to each other, in that order, in `phrase`. */
function pairShare(keys: string[], phrase: string[]): number {
  const pairs = new Set(phrase.slice(1).map((k, i) => `${phrase[i]} ${k}`));
  const shared = keys.slice(1).filter((k, i) => pairs.has(`${keys[i]} ${k}`)).length;
  return shared / Math.max(1, keys.length - 1);
}

/**
 * Whether a sentence stops on a word that needs another after it: "the", "and", "of", or an "is"
 * that closes a short sentence (HANGING_WORDS) with no pronoun before it and no other auxiliary
 * ("damaged bulb is"). "There is", "it is" and "…, but the bulb is" end fine; so does a component
 * named by a letter ("bulb a").
 */
function dangles(tokens: Token[]): boolean {
  const last = tokens[tokens.length - 1]!;
  if (last.word.length < 2) return false;
  if (last.pos === 'DET' || last.pos === 'CCONJ' || last.word === 'of') return true;
  return (
    last.pos === 'AUX' &&
    tokens[tokens.length - 2]?.pos !== 'PRON' &&
    !tokens.slice(0, -1).some((t) => t.pos === 'AUX') &&
    tokens.length <= HANGING_WORDS
  );
}

/** Whether two neighbouring words of `keys` stand next to each other, in that order, in `phrase`. */
function sharesPair(keys: string[], phrase: string[]): boolean {
  const pairs = new Set(phrase.slice(1).map((k, i) => `${phrase[i]} ${k}`));
  return keys.slice(1).some((k, i) => pairs.has(`${keys[i]} ${k}`));
}

/**
 * Whether a model answer is itself a list of terms or a phrase without a verb ("Abstraction and
 * reusability"): then an answer may fairly be a list too.
 */
export function isList(a: Analysis): boolean {
  const all = a.sentences.flatMap((s) => s.tokens);
  const structured = a.sentences
    .filter((s) => s.structured)
    .reduce((n, s) => n + s.tokens.length, 0);
  const verb = all.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  return !verb || (all.length > 3 && structured < LIST_SHARE * all.length);
}
