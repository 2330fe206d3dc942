import { isTimeZone, zonedToUtc } from '../../shared/time-zones';

/**
 * Dates and times as the app shows and reads them: local day/month/year, 24-hour times, the
 * browser's time zone by the name people know. The one module for them; pages and features
 * import these rather than making their own Intl formats.
 */

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

/** The browser's time zone by name ("Europe/London"): the zone every date and time is shown in. */
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

/**
 * The instant for a day picked in the calendar ("YYYY-MM-DD") and a time typed in a form
 * ("HH:MM"), both in the user's own time zone; null when the time is not a real one.
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

/** The local calendar day ("YYYY-MM-DD") of an instant, to put a stored date back in a picker. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local time ("HH:MM") of an instant, to put a stored time back in a time field. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of an <input type="datetime-local"> ("YYYY-MM-DDTHH:MM") for an instant; '' for none. */
export function localDateTimeInput(iso: string | null): string {
  return iso ? `${localDay(iso)}T${localTime(iso)}` : '';
}

/**
 * The instant of a day ("YYYY-MM-DD") and time ("HH:MM") in a named zone ("Europe/London"),
 * daylight saving included; null when the time is not a real one or the zone does not exist.
 */
export function zonedInstant(isoDate: string, time: string, zone: string): string | null {
  const local = localInstant(isoDate, time);
  if (!local || !isTimeZone(zone)) return null;
  return new Date(zonedToUtc(Date.parse(`${isoDate}T${time}Z`), zone)).toISOString();
}

const zoneParts = (iso: string, zone: string) => {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const p of format.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return parts;
};

/** The day ("YYYY-MM-DD") and time ("HH:MM") an instant reads in a named zone, for a form. */
export function dayAndTimeIn(iso: string, zone: string): { day: string; time: string } {
  const p = zoneParts(iso, zone);
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Every zone name the browser knows, for the time zone field's suggestions. */
export function timeZoneNames(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Whole local calendar days from `now`'s day to the instant's (tomorrow: 1, yesterday: -1). */
const calendarDays = (at: Date, now: Date) =>
  Math.round(
    (new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime() -
      new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) /
      DAY,
  );

/**
 * A deadline in words relative to `now`, in the user's own time zone, when it is near: "due in
 * 3 hours", "due tomorrow at 09:00", "due in 4 days", "closed 2 days ago"; null more than a week
 * away either side (the date says enough then).
 */
export function relativeDeadline(iso: string, now = new Date()): string | null {
  const at = new Date(iso);
  const diff = at.getTime() - now.getTime();
  const days = calendarDays(at, now);
  if (diff > 0) {
    if (diff < MINUTE) return 'due in less than a minute';
    if (diff < HOUR) return `due in ${plural(Math.floor(diff / MINUTE), 'minute')}`;
    if (diff < 6 * HOUR) return `due in ${plural(Math.floor(diff / HOUR), 'hour')}`;
    if (days === 0) return `due today at ${localTime(iso)}`;
    if (days === 1) return `due tomorrow at ${localTime(iso)}`;
    return days <= 7 ? `due in ${days} days` : null;
  }
  const ago = -diff;
  if (ago < MINUTE) return 'closed just now';
  if (ago < HOUR) return `closed ${plural(Math.floor(ago / MINUTE), 'minute')} ago`;
  if (ago < 6 * HOUR) return `closed ${plural(Math.floor(ago / HOUR), 'hour')} ago`;
  if (days === 0) return `closed today at ${localTime(iso)}`;
  if (days === -1) return `closed yesterday at ${localTime(iso)}`;
  return days >= -7 ? `closed ${-days} days ago` : null;
}

/** A deadline with its phrase when near: "26/11/2026, 09:00 (Europe/London), due in 3 hours". */
export function formatDeadlineNear(iso: string, now = new Date()): string {
  const phrase = relativeDeadline(iso, now);
  return phrase ? `${formatDeadline(iso)}, ${phrase}` : formatDeadline(iso);
}
