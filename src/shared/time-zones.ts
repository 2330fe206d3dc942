/**
 * Time zones by their IANA names ("Europe/London"), through the runtime's Intl data only: which
 * names exist, and the UTC instant of a wall-clock day and time in a zone (daylight saving
 * included). Used by the server to store a deadline and by the web app to show one.
 */

/** The zone a deadline is taken in when none is given: UTC, as date-only deadlines always were. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether `zone` is a time zone the runtime knows by that IANA name ("Mars/Olympus" is not). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const zoneFormat = (zone: string) => {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
};

/** How far (ms) the zone's wall clock is ahead of UTC at the instant `ms`. */
export function zoneOffset(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(zone).formatToParts(new Date(ms))) parts[p.type] = Number(p.value);
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The UTC instant (ms) of a wall-clock time in a zone: `wall` is the time as if it were UTC
 * (Date.UTC of the day and time). A time skipped by a clock change is taken as the same
 * distance after the change; a time that happens twice is the first of them.
 */
export function zonedToUtc(wall: number, zone: string): number {
  const day = 86_400_000;
  const tried = [wall - day, wall, wall + day].map((at) => wall - zoneOffset(at, zone));
  const exact = tried.filter((t) => t + zoneOffset(t, zone) === wall);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...tried);
}
