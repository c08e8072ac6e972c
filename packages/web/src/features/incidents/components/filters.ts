import { type IncidentListQuery, type IncidentType, incidentTypes, type ReviewState } from '@safety-shield/contract';
import { numberFilter } from '../../../shared/ui/list/index.js';

/** The incident list's filters as they live in the URL (all text; several types or tags comma-separated). */
export const INCIDENT_FILTERS = ['from', 'to', 'plate', 'companyId', 'fleetId', 'type', 'tag', 'review', 'minSpeed', 'maxSpeed'] as const;
export type IncidentFilterKey = (typeof INCIDENT_FILTERS)[number];
export type IncidentFilters = Omit<IncidentListQuery, 'page' | 'limit'>;

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);
const speed = (value: string | undefined) => {
  const number = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
};

/** The URL's filters as the list call and the export take them; unknown or malformed values are left out. */
export function incidentFilters(filters: Partial<Record<IncidentFilterKey, string>>): IncidentFilters {
  const types = list(filters.type).filter((type): type is IncidentType => (incidentTypes as readonly string[]).includes(type));
  const tags = list(filters.tag)
    .map((tag) => numberFilter(tag))
    .filter((tag): tag is number => tag !== undefined);
  const review: ReviewState | undefined = filters.review === 'unread' || filters.review === 'reviewed' ? filters.review : undefined;
  const query: IncidentFilters = {
    startTime: numberFilter(filters.from),
    endTime: numberFilter(filters.to),
    licensePlate: filters.plate,
    companyId: numberFilter(filters.companyId),
    fleetId: numberFilter(filters.fleetId),
    type: types.length ? types : undefined,
    tagId: tags.length ? tags : undefined,
    reviewState: review,
    minSpeed: speed(filters.minSpeed),
    maxSpeed: speed(filters.maxSpeed),
  };
  // Left-out keys, not `undefined` values: the query key and the export's URL stay clean.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as IncidentFilters;
}
