import type { IncidentType } from '../api/event.js';
import type { CodeKey } from '../codes.js';

/** One language's message for every codeKey; the type makes a missing translation a compile error. */
export type Messages = Record<CodeKey, string>;

/** One language's name of every incident type. */
export type IncidentTypeNames = Record<IncidentType, string>;
