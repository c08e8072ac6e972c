import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** The on/off settings of a tag and the call that switches each. */
export const tagSwitches = {
  receiveIncident: '/v1/event/tag/receive/incident/state',
  receiveVideo: '/v1/event/tag/receive/video/state',
  notifyEmail: '/v1/event/tag/notify/email/state',
} as const;
export type TagSwitch = keyof typeof tagSwitches;

/** One setting of a tag: one of its switches, or how many days its incidents are held. */
export type TagSetting = { tagId: number; switch: TagSwitch; state: boolean } | { tagId: number; holdDays: number };

export function setTagSetting(setting: TagSetting) {
  if ('switch' in setting) return http.put<null>(tagSwitches[setting.switch], { tagId: setting.tagId, state: setting.state });
  return http.put<null>('/v1/event/tag/holdDays', { tagId: setting.tagId, days: setting.holdDays });
}

export function useSetTagSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTagSetting, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events', 'tags'] }) });
}
