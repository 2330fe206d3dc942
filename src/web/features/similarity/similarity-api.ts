import { useQuery } from '@tanstack/react-query';
import type { SimilarityReport, SimilarPairDetail } from '../../../shared/similarity';
import { api, ApiError } from '../../lib/api';

const url = (code: string) => `/api/assignments/${encodeURIComponent(code)}/similarity`;

/** The assignment's similar hand-ins (computed by the server when asked). */
export function useSimilarity(code: string) {
  return useQuery({
    queryKey: ['assignments', code, 'similarity'],
    queryFn: () => api<SimilarityReport>(url(code)),
    // Made by the server when asked: not asked again each time the window regains focus (the
    // app's default too), nor again after the server answered: a report over its time limit
    // would only run over it again.
    refetchOnWindowFocus: false,
    retry: (count, err) => !(err instanceof ApiError) && count < 2,
  });
}

/** Both texts of one listed pair with their shared passages; nothing while no pair is chosen. */
export function useSimilarPair(code: string, pair: { a: string; b: string } | null) {
  return useQuery({
    queryKey: ['assignments', code, 'similarity', pair?.a, pair?.b],
    queryFn: () =>
      api<SimilarPairDetail>(
        `${url(code)}/pairs/${encodeURIComponent(pair!.a)}/${encodeURIComponent(pair!.b)}`,
      ),
    enabled: pair !== null,
    refetchOnWindowFocus: false,
  });
}
