import { type Static, type TSchema, Type } from 'typebox';
import { pageSizes } from '../envelope.js';

/** ARCHITECTURE section 3: lists take page (from 1) and limit (at most 500, default 20). */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: pageSizes[pageSizes.length - 1], default: 20 }),
};

export const PageOf = <T extends TSchema>(record: T) => Type.Object({ records: Type.Array(record), total: Type.Integer() });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Times travel as epoch milliseconds (ARCHITECTURE section 3). */
export const EpochMs = Type.Integer({ description: 'epoch milliseconds' });

export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdBody = Static<typeof IdBody>;

export const Created = Type.Object({ id: Type.Integer() });

/** SPEC section 9: alert counts (S.O.S, device running status) are read at once and every 20 s, and pushed in between. */
export const ALERT_POLL_MS = 20_000;

/** Media types of the files the API streams (exports, evidence zips, the user guide). */
export const mediaTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  zip: 'application/zip',
  pdf: 'application/pdf',
} as const;
