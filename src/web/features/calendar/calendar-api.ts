import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarLinkResponse, CalendarLinkState } from '../../../shared/calendar';
import { api } from '../../lib/api';

const path = '/api/me/calendar-link';
const key = ['calendar-link'] as const;

/** Whether the user has a calendar link, and since when (the link itself is shown once). */
export function useCalendarLinkState() {
  return useQuery({ queryKey: key, queryFn: () => api<CalendarLinkState>(path) });
}

/** Makes a new calendar link; any older one stops working. */
export function useNewCalendarLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarLinkResponse>(path, { method: 'POST' }),
    onSuccess: (made) => client.setQueryData<CalendarLinkState>(key, { createdAt: made.createdAt }),
  });
}
