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
  hourCycle: 'h23',
});

/** The time a deadline form starts with: the end of the chosen day. */
export const DEFAULT_DEADLINE_TIME = '23:59';

/** An instant as the user's local day/month/year ("31/12/2026"). */
export function formatDate(iso: string | Date): string {
  return dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** An instant as local day/month/year and time ("31/12/2026, 23:59"). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Old zone names some browsers still report (ICU's canonical ids), and the names people know. */
const currentZoneNames: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
};

/** A zone id as people know it today ("Asia/Calcutta" → "Asia/Kolkata"). */
export const currentZoneName = (zone: string) => currentZoneNames[zone] ?? zone;

/** The browser's time zone by name ("Europe/London"): the zone every deadline is shown in. */
export function timeZoneName(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * A deadline as people read it wherever it is shown: local day/month/year, time and the zone
 * ("23/11/2026, 09:00 (Europe/London)"), so "before the 9 am class" cannot be misread.
 */
export function formatDeadline(iso: string): string {
  return `${formatDateTime(iso)} (${timeZoneName()})`;
}

/** The first 15 words of a description followed by an ellipsis (the dashboard card text). */
export function cardExcerpt(description: string, words = CARD_DESCRIPTION_WORDS): string {
  const all = description.trim().split(/\s+/).filter(Boolean);
  if (all.length === 0) return '';
  return all.slice(0, words).join(' ') + '…';
}

/**
 * The deadline instant for a day picked in the calendar ("YYYY-MM-DD") and a time typed in the
 * form ("HH:MM"), both in the user's own time zone; null when the time is not a real one.
 */
export function localInstant(isoDate: string, time: string): string | null {
  const [y, m, d] = isoDate.split('-').map(Number);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!y || !m || !d || !t) return null;
  const [h, min] = [Number(t[1]), Number(t[2])];
  if (h > 23 || min > 59) return null;
  return new Date(y, m - 1, d, h, min).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day ("YYYY-MM-DD") of an instant, to put a stored deadline back in the picker. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local time ("HH:MM") of an instant, to put a stored deadline back in the time field. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
