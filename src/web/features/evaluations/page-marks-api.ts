import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pageCommentsUrl,
  pageMarksUrl,
  type PageComment,
  type PageCommentBody,
  type PageMarks,
} from '../../../shared/page-marks';
import { api } from '../../lib/api';

const key = (code: string, id: string) => ['assignments', code, 'page-marks', id] as const;

/**
 * A comment added or removed refreshes the pages, awaited (the form closes once the comment is
 * drawn), and the rest of the assignment (whether the answer waits to be published) beside it.
 */
function useRefresh(code: string, submissionId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({
      queryKey: ['assignments', code],
      predicate: (q) => q.queryKey[2] !== 'page-marks',
    });
    return client.invalidateQueries({ queryKey: key(code, submissionId) });
  };
}

/** What is drawn on an answer's pages: highlights, where questions begin, the teacher's comments. */
export function usePageMarks(code: string, submissionId: string) {
  return useQuery({
    queryKey: key(code, submissionId),
    queryFn: () => api<PageMarks>(pageMarksUrl(code, submissionId)),
  });
}

/** Pins a comment (or a box) to a page of the answer. */
export function useAddPageComment(code: string, submissionId: string) {
  const refresh = useRefresh(code, submissionId);
  return useMutation({
    mutationFn: (body: PageCommentBody) =>
      api<PageComment>(pageCommentsUrl(code, submissionId), { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

/** Removes a comment from the answer's pages. */
export function useRemovePageComment(code: string, submissionId: string) {
  const refresh = useRefresh(code, submissionId);
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`${pageCommentsUrl(code, submissionId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}
