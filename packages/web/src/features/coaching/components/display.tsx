import type { CoachingInfo } from '@safety-shield/contract';
import type { TFunction } from 'i18next';
import { StateTag } from '../../../shared/ui/StateTag.js';
import { durationParts } from '../../devices/index.js';

type State = CoachingInfo['state'];

/** Waiting orange, coached green, dismissed grey: the queue reads at a glance. */
const colours: Record<State, string> = { none: 'default', needsCoaching: 'orange', coached: 'green', dismissed: 'default' };

export function CoachingStateTag({ state }: { state: State }) {
  return <StateTag value={state} colours={colours} textKey="coaching.state" testId="coaching-state" />;
}

/** How long an incident waited, in its two largest units ("3 d 4 h"), in the device list's words. */
export const ageText = (t: TFunction, ms: number) =>
  durationParts(ms / 1000)
    .map((part) => t(`devices.duration.${part.unit}`, { count: part.count }))
    .join(' ');
