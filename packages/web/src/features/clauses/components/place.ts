import { type ClausePlace, clausePlaces } from '@safety-shield/contract';

/** A place type from the URL, or undefined. */
export const placeFilter = (value: string | undefined): ClausePlace | undefined => clausePlaces.find((place) => place === value);

/** '—' for nothing known. */
export const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);
