import type { TSchema } from 'typebox';

/** The largest value of a PostgreSQL `integer` column: every id and count a caller names fits one. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** Times travel as epoch milliseconds; a caller's time lies between 1970 and the end of year 9999. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

/**
 * What a text a caller sends may not hold: NUL (PostgreSQL refuses it) and a surrogate half without its partner
 * (no UTF-8 exists for it). The validator reads patterns as Unicode, where a complete pair is one code point.
 */
export const SAFE_TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

type Node = Record<string | symbol, unknown>;

/**
 * An input schema with the bounds every input needs, applied where the schema does not say otherwise (issue 15):
 * integers within `integer` columns, numbers finite and within the same range, texts without NUL or broken
 * surrogates; and objects, at every depth, without properties they do not declare (issue 28: `{ screenBrightness }`
 * in a configuration is refused, not stored and sent on). A schema that must take what a third party adds says
 * `additionalProperties: true` itself, with a comment why. A copy: the contract's shared building blocks (used in
 * answers too) stay as they are.
 */
export function bounded<S extends TSchema | undefined>(schema: S): S {
  return schema === undefined ? schema : (bound(schema) as S);
}

function bound(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bound);
  if (!value || typeof value !== 'object') return value;
  const node = Object.fromEntries(Object.entries(value as Node).map(([key, child]) => [key, bound(child)])) as Node;
  // TypeBox keeps its kind under symbol keys, which Object.entries leaves out.
  for (const symbol of Object.getOwnPropertySymbols(value)) node[symbol] = (value as Node)[symbol];
  if (node.type === 'object' && node.additionalProperties === undefined && node.patternProperties === undefined)
    node.additionalProperties = false;
  if (node.type === 'integer' || node.type === 'number') {
    node.minimum ??= INT4_MIN;
    node.maximum ??= INT4_MAX;
  }
  if (node.type === 'string' && node.enum === undefined && node.const === undefined) {
    if (node.pattern === undefined) node.pattern = SAFE_TEXT_PATTERN;
    else if (node.pattern !== SAFE_TEXT_PATTERN) node.allOf = [...((node.allOf as unknown[]) ?? []), { pattern: SAFE_TEXT_PATTERN }];
  }
  return node;
}
