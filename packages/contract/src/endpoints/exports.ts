import { type TObject, Type } from 'typebox';
import { mediaTypes } from '../api/common.js';
import type { Access } from '../endpoint.js';

/** A log as a CSV file (UTF-8): a `GET` taking its list's filters without the paging; the handler streams the file. */
export const csvExport = <const P extends `/${string}`, const A extends Access, Q extends TObject>(
  path: P,
  summary: string,
  access: A,
  listQuery: Q,
) =>
  ({
    method: 'GET',
    path,
    summary,
    access,
    query: Type.Omit(listQuery, ['page', 'limit']),
    raw: true,
    produces: [mediaTypes.csv],
  }) as const;
