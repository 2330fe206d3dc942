import { CARD_DESCRIPTION_WORDS } from '../../../shared/limits';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as the user's local day/month/year ("31/12/2026"). */
export function formatDate(iso: string | Date): string {
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** An instant as local day/month/year and time ("31/12/2026, 23:59"). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** The first 15 words of a description followed by an ellipsis (the dashboard card text). */
export function cardExcerpt(description: string, words = CARD_DESCRIPTION_WORDS): string {
  const all = description.trim().split(/\s+/).filter(Boolean);
  if (all.length === 0) return '';
  return all.slice(0, words).join(' ') + '…';
}

/**
 * The deadline instant for a day picked in the calendar ("YYYY-MM-DD"): the end of that day in
 * the user's own time zone, so "due today" stays open until local midnight.
 */
export function endOfLocalDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59, 999).toISOString();
}

/** The local calendar day ("YYYY-MM-DD") of an instant, to put a stored deadline back in the picker. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
