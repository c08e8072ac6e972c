import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** The on/off settings of a tag and the call that switches each. */
export const tagSwitches = {
  receiveIncident: api.event.setTagReceiveIncident,
  receiveVideo: api.event.setTagReceiveVideo,
  notifyEmail: api.event.setTagNotifyEmail,
} as const;
export type TagSwitch = keyof typeof tagSwitches;

/** One setting of a tag: one of its switches, or how many days its incidents are held. */
export type TagSetting = { tagId: number; switch: TagSwitch; state: boolean } | { tagId: number; holdDays: number };

export function setTagSetting(setting: TagSetting) {
  if ('switch' in setting) return tagSwitches[setting.switch]({ tagId: setting.tagId, state: setting.state });
  return api.event.setTagHoldDays({ tagId: setting.tagId, days: setting.holdDays });
}

export const useSetTagSetting = () => useRefreshingMutation(setTagSetting, [['incidents', 'tags']]);
