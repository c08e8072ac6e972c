import { apiEndpoints, coachingApi, type Endpoint, type Span, spansOf } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { login, testApp } from './helpers.js';
import { baseline } from './hostile-input.js';

/**
 * Issue 28: one rule for every span an input names (contract `spans.ts`). Every endpoint with a start/end pair, found
 * in the contract, refuses a start after its end with PARAM_CHECK_FAIL naming the end, and does not refuse the same
 * call with the span in order for that reason.
 */
const ctx = await testApp();
afterAll(() => ctx.close());
const token = await login(ctx.app);

type Node = { type?: string; properties?: Record<string, Node>; anyOf?: Node[] };
type Part = 'query' | 'body';

const cases = Object.values(apiEndpoints).flatMap((group) =>
  (Object.values(group) as Endpoint[]).flatMap((endpoint) =>
    (['query', 'body'] as const).flatMap((part) =>
      spansOf(endpoint[part]).map(
        (span) => [`${endpoint.method} ${endpoint.path} ${part}.${span.end.join('.')}`, endpoint, part, span] as const,
      ),
    ),
  ),
);

/** The object form of a schema (itself, or the object member of an object-or-null). */
const objectForm = (schema: Node): Node => (schema.properties ? schema : (schema.anyOf?.find((form) => form.properties) ?? schema));

/** The input of a part with the span's ends set, making the objects on the way from their schemas. */
function withSpan(schema: Node, span: Span, start: unknown, end: unknown): Record<string, unknown> {
  const input = (baseline(schema as never) ?? {}) as Record<string, unknown>;
  let node = input;
  let form = objectForm(schema);
  for (const key of span.start.slice(0, -1)) {
    form = objectForm(form.properties?.[key] ?? {});
    node[key] ??= baseline(form as never) ?? {};
    node = node[key] as Record<string, unknown>;
  }
  node[span.start.at(-1) as string] = start;
  node[span.end.at(-1) as string] = end;
  return input;
}

/** An epoch time's span or a local day's, as the field's schema takes. */
const ends = (schema: Node, span: Span, inOrder: boolean) => {
  let form = objectForm(schema);
  for (const key of span.start.slice(0, -1)) form = objectForm(form.properties?.[key] ?? {});
  const days = form.properties?.[span.start.at(-1) as string]?.type === 'string';
  const [early, late] = days ? ['2026-01-01', '2026-01-02'] : [1_700_000_000_000, 1_700_000_000_001];
  return inOrder ? [early, late] : [late, early];
};

async function send(endpoint: Endpoint, part: Part, span: Span, inOrder: boolean) {
  const schemaOf = (which: 'params' | Part) => (endpoint[which] ?? {}) as Node;
  const [start, end] = ends(schemaOf(part), span, inOrder);
  const params = (baseline(schemaOf('params') as never) ?? {}) as Record<string, unknown>;
  const query = part === 'query' ? withSpan(schemaOf('query'), span, start, end) : (baseline(schemaOf('query') as never) ?? {});
  const body =
    part === 'body' ? withSpan(schemaOf('body'), span, start, end) : endpoint.body ? baseline(endpoint.body as never) : undefined;
  const search = new URLSearchParams(Object.entries(query as object).map(([key, value]): [string, string] => [key, String(value)]));
  const res = await ctx.app.inject({
    method: endpoint.method,
    url: `${endpoint.path.replace(/:(\w+)/g, (_, name: string) => String(params[name]))}?${search}`,
    headers: { 'x-token': token },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const answer = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : {};
  return { codeKey: answer.codeKey as string | undefined, field: answer.data?.field as string | undefined };
}

describe('every span filter', () => {
  it('finds the spans of the contract (coaching list and figures among them)', () => {
    const names = cases.map(([name]) => name);
    const named = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path} query.endTime`;
    expect(names).toEqual(expect.arrayContaining([named(coachingApi.queue), named(coachingApi.figures)]));
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(cases)('%s: a start after the end is PARAM_CHECK_FAIL naming the end', async (_name, endpoint, part, span) => {
    expect(await send(endpoint, part, span, false)).toEqual({ codeKey: 'PARAM_CHECK_FAIL', field: span.end.join('.') });
    expect(await send(endpoint, part, span, true)).not.toEqual({ codeKey: 'PARAM_CHECK_FAIL', field: span.end.join('.') });
  });
});
