import { z } from 'zod';

/**
 * The calendar feed's contract: each user's secret link to an iCalendar feed of the due dates of
 * the assignments they teach or have joined. The token is shown once, when the link is made;
 * the server keeps only its hash, so a lost link is replaced by a new one.
 */

/** GET /api/me/calendar-link: whether a link exists, and since when (the link itself is not kept). */
export const calendarLinkState = z.object({
  /** When the current link was made (ISO-8601 UTC), or null when there is none. */
  createdAt: z.string().nullable(),
});
export type CalendarLinkState = z.infer<typeof calendarLinkState>;

/** POST /api/me/calendar-link: a new link (any older one stops working at once). */
export const calendarLinkResponse = z.object({
  /** The feed's address, to paste into a calendar app; shown this once. */
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarLinkResponse = z.infer<typeof calendarLinkResponse>;

/** Where a feed is served: `/api/calendar/<token>.ics`. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;
