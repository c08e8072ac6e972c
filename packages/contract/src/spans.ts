import type { TSchema } from 'typebox';

/**
 * The one rule for every span an input names (issue 28): a start after its end is PARAM_CHECK_FAIL naming the end.
 * A span is a pair of sibling fields named as below, at the top of a query or body or in an object nested in it
 * (a device filter inside a batch's body); the server checks every endpoint's spans before its handler runs, so a
 * new endpoint with a `startTime`/`endTime` pair follows the rule without anyone writing it. An equal start and end
 * pass here; an endpoint may ask more (a non-empty span, a longest span).
 */
export const SPAN_FIELDS = [
  ['startTime', 'endTime'],
  ['beginTime', 'endTime'],
  ['from', 'to'],
  ['start', 'end'],
  ['fromDay', 'toDay'],
] as const;

/** One span of an input: the paths of its start and end fields (`filter.startTime`). */
export interface Span {
  start: string[];
  end: string[];
}

type Node = { type?: unknown; properties?: Record<string, Node>; anyOf?: Node[] };

/** The object forms of a schema: itself, or the object members of its union (an object or null). */
const objectForms = (schema: Node): Node[] =>
  schema.type === 'object' && schema.properties ? [schema] : (schema.anyOf ?? []).flatMap(objectForms);

/** Every span of an input schema (a query's or a body's), nested objects included. */
export function spansOf(schema: TSchema | undefined, path: string[] = []): Span[] {
  if (!schema) return [];
  return objectForms(schema as Node).flatMap((form) => {
    const properties = form.properties ?? {};
    const own = SPAN_FIELDS.filter(([start, end]) => start in properties && end in properties).map(([start, end]) => ({
      start: [...path, start],
      end: [...path, end],
    }));
    const nested = Object.entries(properties).flatMap(([name, child]) => spansOf(child as TSchema, [...path, name]));
    return [...own, ...nested];
  });
}

const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );

/**
 * The end field (`endTime`, `filter.endTime`) of the first span whose start lies after its end in an input; undefined
 * when none does. Epoch times compare as numbers, local days (`YYYY-MM-DD`) as texts; an open end is no span.
 */
export function invertedSpan(spans: readonly Span[], input: unknown): string | undefined {
  for (const span of spans) {
    const start = at(input, span.start);
    const end = at(input, span.end);
    const comparable = (typeof start === 'number' && typeof end === 'number') || (typeof start === 'string' && typeof end === 'string');
    if (comparable && start > end) return span.end.join('.');
  }
  return undefined;
}
