import type { CodeKey } from './codes.js';

/** Every JSON response of the API (ARCHITECTURE section 3). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  codeKey: CodeKey;
  data: T;
}

/** Lists answer `data: { records, total }`. */
export interface Page<T> {
  records: T[];
  total: number;
}

/** SPEC section 9. */
export const pageSizes = [10, 20, 30, 50, 100, 150, 200, 300, 500] as const;
export const defaultPageSize = 20;
