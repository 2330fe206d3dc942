import porterStem from 'wink-porter2-stemmer';

/** Function words that carry no meaning of their own when comparing answers. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each either else etc even ever every few for from
  further had has have having he her here hers herself him himself his how however i if in into is it its itself
  just let may me might more most much must my myself neither no nor not now of off on once one only or other
  our ours ourselves out over own per same shall she should so some such than that the their theirs them
  themselves then there these they this those though through thus to too under until up upon us very via was
  we were what when where whether which while who whom whose why will with within without would yet you your
  yours yourself yourselves e.g i.e eg ie will thing things something anything way ways use used using
  like get gets got make makes made allow allows`.split(/\s+/),
);

/** Spelling variants folded together before stemming (British/American, common abbreviations). */
const VARIANTS = new Map<string, string>(
  Object.entries({
    behaviour: 'behavior',
    behaviours: 'behaviors',
    colour: 'color',
    initialise: 'initialize',
    initialised: 'initialized',
    optimise: 'optimize',
    analyse: 'analyze',
    recognise: 'recognize',
    organise: 'organize',
    var: 'variable',
    vars: 'variables',
    func: 'function',
    funcs: 'functions',
    param: 'parameter',
    params: 'parameters',
    args: 'arguments',
    arg: 'argument',
    info: 'information',
    prog: 'program',
    programme: 'program',
    mem: 'memory',
    addr: 'address',
    ptr: 'pointer',
    ptrs: 'pointers',
    obj: 'object',
    objs: 'objects',
    recieve: 'receive',
    seperate: 'separate',
    untill: 'until',
    dont: 'do',
    doesnt: 'does',
    cant: 'can',
  }),
);

const stemCache = new Map<string, string>();

/** Porter2 stem of a lower-case word, with spelling variants folded first; cached. */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = porterStem(VARIANTS.get(word) ?? word);
    if (stemCache.size < 200_000) stemCache.set(word, s);
  }
  return s;
}

/** Lower-case word tokens of a text, keeping names like c++ and c# whole. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .replace(/'s\b/g, '')
      .replace(/'/g, '')
      .match(/[a-z0-9]+(?:\+\+|#)?/g) ?? []
  );
}

/** True for a word that carries content: not a stop word, not a lone letter or digit. */
export function isContent(word: string): boolean {
  return word.length > 1 && !STOPWORDS.has(word);
}

/** The stems of a text's content words, in order (duplicates kept). */
export function contentStems(text: string): string[] {
  return words(text).filter(isContent).map(stem);
}

/**
 * The stems an answer is compared on: its content words, or, when it has none ("one", "O(n)",
 * "n-1"), every word it has, so a terse answer of numbers or symbols is still read and marked.
 */
export function answerStems(text: string): string[] {
  const content = contentStems(text);
  return content.length ? content : words(text).map(stem);
}

/** Whether the word is a function word (the, of, is…): WordNet leaves these out. */
export function isFunctionWord(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}
