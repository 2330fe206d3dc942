import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { isContent, stem, words } from './text';
import { LIST_RUN, STRUCTURE_SHARE } from './rules';

/**
 * Sentence boundaries, parts of speech, lemmas and negation from wink-nlp with its small English
 * model (loaded once, about 0.1 s; about 0.2 ms per short answer). Everything the engine reads
 * about an answer's language comes from here.
 */
const nlp = winkNLP(model);
const its = nlp.its;
// The model's lemma helper is typed more narrowly than the token API accepts; it is a token helper.
const lemma = its.lemma as unknown as ItsFunction<string>;

/** One word of a sentence: its lower-case form, lemma, part of speech and negation. */
export type Token = {
  word: string;
  /** The dictionary form ("gets" → "get"), lower case: what WordNet is asked about. */
  lemma: string;
  /** Porter2 stem of the lemma: the unit key points are matched on. */
  key: string;
  pos: string;
  /** Inside the scope of a negation ("not", "never", "n't"), as wink-nlp reads it: to the clause's end. */
  negated: boolean;
  /**
   * Denied itself: the phrase the negation is about ("separated" in "not separated from the
   * negative terminal"), not a word that only follows it ("negative"); see denials.
   */
  denied: boolean;
  /** A word that carries content (not a stop word, not a lone letter). */
  content: boolean;
};

/** One sentence: its text, its words, and whether it reads as a sentence rather than a list of terms. */
export type Sentence = { text: string; tokens: Token[]; structured: boolean };

/** A text as sentences of analysed words. */
export type Analysis = { sentences: Sentence[] };

/** Parts of speech that hold a sentence together; a list of terms has almost none of them. */
export const FUNCTION_POS = new Set(['DET', 'ADP', 'AUX', 'PRON', 'CCONJ', 'SCONJ', 'PART']);

function tokensOf(sentence: ItemSentence): Token[] {
  const out: Token[] = [];
  sentence.tokens().each((t: ItemToken) => {
    const type = t.out(its.type);
    if (type !== 'word' && type !== 'number') return;
    const raw = t.out(its.normal);
    const word = words(raw).join('') || raw;
    const base = words(String(t.out(lemma))).join('') || word;
    out.push({
      word,
      lemma: base,
      key: stem(base),
      pos: String(t.out(its.pos)),
      negated: t.out(its.negationFlag) === true,
      denied: false,
      content: isContent(word),
    });
  });
  return denials(out);
}

/** Words that head what a negation denies: the thing, action or quality after "not" or "no". */
const HEAD_POS = new Set(['VERB', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
/**
 * The rest of the denied phrase: an action's object ("does not complete the circuit"), a thing's
 * modifiers ("no base case"), a thing's own action ("no current flows"). A preposition, a
 * conjunction or a pronoun ends it.
 */
const PHRASE_POS = new Set(['DET', 'ADV', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'VERB']);

/**
 * Marks the words each negation denies itself. wink-nlp's scope runs on to the clause's end, which
 * is right for the clause's polarity ("not separated by a gap" says there is no gap), but in "not
 * separated from the negative terminal" it is not "negative" that is denied: "the positive
 * terminal" does not state it. A negation denies the words up to the first thing, action or
 * quality, and that word's own phrase (see PHRASE_POS); what follows a preposition or a
 * conjunction is only in its scope.
 */
function denials(tokens: Token[]): Token[] {
  let i = 0;
  while (i < tokens.length) {
    if (!tokens[i]!.negated) {
      i++;
      continue;
    }
    let end = i;
    while (end < tokens.length && tokens[end]!.negated) end++;
    let k = i;
    while (k < end && !HEAD_POS.has(tokens[k]!.pos)) k++;
    if (k < end) for (k++; k < end && PHRASE_POS.has(tokens[k]!.pos);) k++;
    // A passive's agent is its subject: "not separated by a gap" denies the gap too.
    if (k > i && k < end && tokens[k]!.word === 'by')
      for (k++; k < end && PHRASE_POS.has(tokens[k]!.pos);) k++;
    for (let m = i; m < k; m++) tokens[m]!.denied = true;
    i = end;
  }
  return tokens;
}

/**
 * Whether a run of words reads as a clause: a short phrase, or enough function words (by part of
 * speech) and at least one stop word. Five or more words with no stop word at all ("software
 * behaviour portions desired product simulate") are a list of terms however they are tagged.
 */
export function isStructured(tokens: Token[]): boolean {
  if (tokens.length <= 3) return true;
  if (tokens.length >= LIST_RUN && tokens.every((t) => t.content)) return false;
  const fn = tokens.filter((t) => FUNCTION_POS.has(t.pos)).length;
  return fn / tokens.length >= STRUCTURE_SHARE;
}

const cache = new Map<string, Analysis>();

/** Sentences, words, lemmas, parts of speech and negation of a text; cached (texts repeat across a batch). */
export function analyse(text: string): Analysis {
  const hit = cache.get(text);
  if (hit) return hit;
  const doc = nlp.readDoc(text.replace(/\s+/g, ' ').trim());
  const sentences: Sentence[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const tokens = tokensOf(s);
    if (tokens.length) sentences.push({ text: s.out(), tokens, structured: isStructured(tokens) });
  });
  const analysis = { sentences };
  if (cache.size > 5000) cache.clear();
  cache.set(text, analysis);
  return analysis;
}

/** The lemma stems of a text's content words, in order. */
export function contentKeys(a: Analysis): string[] {
  return a.sentences.flatMap((s) => s.tokens.filter((t) => t.content).map((t) => t.key));
}
