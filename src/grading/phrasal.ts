import type { Token } from './nlp';
import { stem } from './text';

/**
 * Phrasal verbs read as the one word they mean, by the verb's dictionary form and its particle:
 * "gives off" meets "absorbs" as its opposite, and a bulb that "goes out" is off, so "stays on"
 * and "lights up" say the opposite while "goes dimmer" says neither (the particle is a stop word,
 * and "Bulb A goes out" was read as its verb alone).
 */
const PHRASAL: Record<string, string> = {
  'give off': 'emit',
  'take in': 'absorb',
  'let out': 'release',
  'speed up': 'accelerate',
  'slow down': 'decelerate',
  'take place': 'occur',
  'turn on': 'on',
  'switch on': 'on',
  'light up': 'on',
  'stay on': 'on',
  'turn off': 'off',
  'switch off': 'off',
  'shut off': 'off',
  'stay off': 'off',
  'go out': 'off',
};

/** Tokens with each phrasal verb ("gives off") replaced by the one word it means ("emit"). */
export function phrasal(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const one = next
      ? (PHRASAL[`${t.lemma} ${next.word}`] ?? PHRASAL[`${t.word} ${next.word}`])
      : undefined;
    if (!one) out.push(t);
    else {
      out.push({ ...t, word: one, lemma: one, key: stem(one), content: true });
      i++;
    }
  }
  return out;
}
