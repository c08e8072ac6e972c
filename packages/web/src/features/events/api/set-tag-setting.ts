import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** One setting of a tag: whether it receives incidents or videos, whether they are e-mailed, or how many days they are held. */
export type TagSetting =
  | { tagId: number; receiveIncident: boolean }
  | { tagId: number; receiveVideo: boolean }
  | { tagId: number; notifyEmail: boolean }
  | { tagId: number; holdDays: number };

export function setTagSetting(setting: TagSetting) {
  if ('receiveIncident' in setting)
    return http.put<null>('/v1/event/tag/receive/incident/state', { tagId: setting.tagId, state: setting.receiveIncident });
  if ('receiveVideo' in setting)
    return http.put<null>('/v1/event/tag/receive/video/state', { tagId: setting.tagId, state: setting.receiveVideo });
  if ('notifyEmail' in setting)
    return http.put<null>('/v1/event/tag/notify/email/state', { tagId: setting.tagId, state: setting.notifyEmail });
  return http.put<null>('/v1/event/tag/holdDays', { tagId: setting.tagId, days: setting.holdDays });
}

export function useSetTagSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTagSetting, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events', 'tags'] }) });
}
