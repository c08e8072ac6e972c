import {
  type CoachingQueueQuery,
  type CoachingState,
  coachingSorts,
  coachingStates,
  type IncidentType,
  incidentTypes,
} from '@safety-shield/contract';
import { numberFilter } from '../../../shared/ui/list/index.js';

/** The queue's filters as they live in the URL (all text; several types comma-separated). */
export const QUEUE_FILTERS = ['state', 'plate', 'type', 'companyId', 'fleetId', 'from', 'to', 'sort'] as const;
export type QueueFilterKey = (typeof QUEUE_FILTERS)[number];
export type QueueFilters = Omit<CoachingQueueQuery, 'page' | 'limit'>;

/** The state choice: the open queue unless the URL says otherwise; `all` asks for every state. */
export const stateChoices = [...coachingStates, 'all'] as const;
export type StateChoice = (typeof stateChoices)[number];
export const DEFAULT_STATE: StateChoice = 'needsCoaching';

export const stateChoiceOf = (text: string | undefined): StateChoice =>
  (stateChoices as readonly string[]).includes(text ?? '') ? (text as StateChoice) : DEFAULT_STATE;

/** The URL's filters as the queue call takes them; unknown or malformed values are left out. */
export function queueFilters(filters: Partial<Record<QueueFilterKey, string>>): QueueFilters {
  const state = stateChoiceOf(filters.state);
  const types = (filters.type ?? '').split(',').filter((type): type is IncidentType => (incidentTypes as readonly string[]).includes(type));
  const query: QueueFilters = {
    state: state === 'all' ? undefined : (state satisfies CoachingState),
    licensePlate: filters.plate,
    type: types.length ? types : undefined,
    companyId: numberFilter(filters.companyId),
    fleetId: numberFilter(filters.fleetId),
    startTime: numberFilter(filters.from),
    endTime: numberFilter(filters.to),
    sort: coachingSorts.find((sort) => sort === filters.sort),
  };
  // Left-out keys, not `undefined` values: the query key stays clean.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as QueueFilters;
}
