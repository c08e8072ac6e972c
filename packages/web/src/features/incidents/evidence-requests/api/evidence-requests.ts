import type { EvidenceTask } from '@safety-shield/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../../shared/http/mutation.js';
import { incidentQuery } from '../../api/get-incident.js';

export const evidenceTasksQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['evidence-requests', eventId],
    queryFn: () => api.evidenceRequest.list({ eventId }),
  });

/** The evidence requests of one incident, newest first. */
export const useEvidenceTasks = (eventId: number) => useQuery(evidenceTasksQuery(eventId));

export type EvidenceAsk =
  | { kind: 'pictures'; eventIds: number[] }
  /** batch: always the batch call (the list's selection; incidents without videos are skipped, not refused). */
  | { kind: 'videos'; eventIds: number[]; batch?: boolean }
  | { kind: 'clip'; eventId: number; resourceId: number; time: number };

/** SPEC section 7, Device: asks the devices for evidence they still hold; answers the tasks made or found. */
export async function askEvidence(ask: EvidenceAsk): Promise<EvidenceTask[]> {
  if (ask.kind === 'clip') {
    const { eventId, resourceId, time } = ask;
    return [await api.evidenceRequest.clip({ eventId, resourceId, time })];
  }
  const [single] = ask.eventIds;
  if (ask.kind === 'videos' && !ask.batch && ask.eventIds.length === 1 && single !== undefined)
    return [await api.evidenceRequest.videos({ eventId: single })];
  const batch = ask.kind === 'videos' ? api.evidenceRequest.batchVideos : api.evidenceRequest.batchPictures;
  return batch({ eventId: ask.eventIds });
}

/** Whatever was asked, the incidents' details and request lists are read again (a clip adds a resource). */
export function useAskEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askEvidence,
    onSuccess: (tasks) => {
      for (const eventId of new Set(tasks.map((task) => task.eventId))) {
        void queryClient.invalidateQueries({ queryKey: evidenceTasksQuery(eventId).queryKey });
        void queryClient.invalidateQueries({ queryKey: incidentQuery(eventId).queryKey });
        void queryClient.invalidateQueries({ queryKey: ['incidents', 'history', eventId] });
      }
    },
  });
}

export const useCancelEvidenceTask = (eventId: number) =>
  useRefreshingMutation(
    (taskId: number) => api.evidenceRequest.cancel({ taskId }),
    [evidenceTasksQuery(eventId).queryKey, ['incidents', 'history', eventId]],
  );
