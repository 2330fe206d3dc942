import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MathsSettingsBody,
  MathsSettingsResponse,
  QuestionMathsSettings,
  ReadingChangeResponse,
} from '../../../shared/maths-review';
import { api } from '../../lib/api';
import { evaluationKeys } from './evaluations-api';

const at = (code: string) => `/api/assignments/${encodeURIComponent(code)}`;
const settingsKey = (code: string) => ['assignments', code, 'maths-settings'] as const;

/** How each question's numbers are marked (tolerance, wrong-unit share), in percent. */
export function useMathsSettings(code: string, enabled = true) {
  return useQuery({
    queryKey: settingsKey(code),
    queryFn: () => api<MathsSettingsResponse>(`${at(code)}/maths-settings`),
    enabled,
  });
}

/** Sets one question's settings; the next evaluation marks its numbers with them. */
export function useSetMathsSettings(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ question, body }: { question: string; body: MathsSettingsBody }) =>
      api<QuestionMathsSettings>(`${at(code)}/maths-settings/${encodeURIComponent(question)}`, {
        method: 'PUT',
        json: body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKey(code) }),
  });
}

/**
 * Corrects what Markwise read for one question of an answer (`text`), or removes the correction
 * (`text: null`); either regrades the answer at once, and the reply's run starts the polling of
 * its progress.
 */
export function useChangeReading(code: string, submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ question, text }: { question: string; text: string | null }) => {
      const url = `${at(code)}/submissions/${encodeURIComponent(submissionId)}/readings/${encodeURIComponent(question)}`;
      return text === null
        ? api<ReadingChangeResponse>(url, { method: 'DELETE' })
        : api<ReadingChangeResponse>(url, { method: 'PUT', json: { text } });
    },
    onSuccess: (data) => client.setQueryData(evaluationKeys.latest(code), { run: data.run }),
  });
}
