import { CARD_DESCRIPTION_WORDS } from '../../../shared/limits';

/** The time a deadline form starts with: the end of the chosen day. */
export const DEFAULT_DEADLINE_TIME = '23:59';

/** The first 15 words of a description followed by an ellipsis (the dashboard card text). */
export function cardExcerpt(description: string, words = CARD_DESCRIPTION_WORDS): string {
  const all = description.trim().split(/\s+/).filter(Boolean);
  if (all.length === 0) return '';
  return all.slice(0, words).join(' ') + '…';
}
