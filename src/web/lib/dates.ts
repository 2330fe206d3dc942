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
