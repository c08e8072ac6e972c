import type { Endpoint } from '@safety-shield/contract';

/** A JSON Schema node as TypeBox writes it (only what the generator reads). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** One request of the fuzz: what it sends and a label that names the operation, the part and the value. */
export interface HostileCase {
  label: string;
  method: Endpoint['method'];
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const LARGEST_INT4 = 2_147_483_647;

/** Values beyond what a column holds or a type allows (issue 15's fuzz: ids beyond int4, NaN, floats). */
const hostileNumbers: unknown[] = [
  LARGEST_INT4 + 1,
  -LARGEST_INT4 - 2,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  0,
  1.5,
  'NaN',
  '1e400',
  null,
  true,
];
/** Texts PostgreSQL refuses (NUL, lone surrogates), oversized, empty, and the classic injections. */
const hostileTexts: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(70_000),
  '',
  ' ',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  123,
  null,
  [],
  {},
];
const hostileArrays: unknown[] = [null, 'x', Array.from({ length: 10_001 }, () => 1), [null], [LARGEST_INT4 + 1], ['\u0000']];
const hostileObjects: unknown[] = [null, [], 'x', {}];
const hostileBooleans: unknown[] = ['yes', 2, null];

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.anyOf) return schema.anyOf.map(typeOf).find((type) => type && type !== 'null');
  if (schema.enum || typeof schema.const === 'string') return 'string';
  return undefined;
}

/**
 * A plain value of the schema's type: ids far beyond any row (so a call that passes validation finds nothing
 * rather than deleting the admin), texts that match nothing.
 */
export function baseline(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? 999_999, Math.max(schema.minimum ?? 1, 999_999));
    case 'string':
      return 'zz';
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, baseline(schema.properties?.[name] ?? {})]));
    default:
      return schema.anyOf?.[0] ? baseline(schema.anyOf[0]) : null;
  }
}

function hostileFor(schema: Schema): unknown[] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return hostileNumbers;
    case 'string':
      return hostileTexts;
    case 'boolean':
      return hostileBooleans;
    case 'array':
      return hostileArrays;
    case 'object':
      return hostileObjects;
    default:
      return [...hostileTexts.slice(0, 3), ...hostileNumbers.slice(0, 3)];
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, asText(item));
    else search.append(key, asText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A path segment as a client would send it; a lone surrogate, which has no UTF-8, goes out as its bare bytes. */
function segment(value: unknown): string {
  try {
    return encodeURIComponent(asText(value));
  } catch {
    return '%ED%A0%80';
  }
}

function pathOf(endpoint: Endpoint, params: Record<string, unknown>): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => segment(params[name]));
}

/** Every hostile request for one operation: one field at a time, then whole bodies and paths. */
export function hostileCases(name: string, endpoint: Endpoint, token: string | undefined): HostileCase[] {
  const params = (baseline((endpoint.params ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const query = (baseline((endpoint.query ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const body = endpoint.body ? baseline(endpoint.body as Schema) : undefined;
  const headers: Record<string, string> = token ? { 'x-token': token } : {};
  const json = { ...headers, 'content-type': 'application/json' };
  const cases: HostileCase[] = [];
  const request = (label: string, p: Record<string, unknown>, q: Record<string, unknown>, payload: unknown, extra = json) =>
    cases.push({
      label: `${name} ${endpoint.method} ${endpoint.path} ${label}`,
      method: endpoint.method,
      url: pathOf(endpoint, p) + queryString(q),
      payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: payload === undefined ? headers : extra,
    });

  for (const [field, schema] of Object.entries((endpoint.params as Schema | undefined)?.properties ?? {})) {
    for (const value of [...hostileFor(schema), 'x'.repeat(3_000), '%00', '..%2F..']) {
      request(`params.${field}=${asText(value).slice(0, 20)}`, { ...params, [field]: value }, query, body);
    }
  }
  for (const [field, schema] of Object.entries((endpoint.query as Schema | undefined)?.properties ?? {})) {
    for (const value of hostileFor(schema))
      request(`query.${field}=${asText(value).slice(0, 20)}`, params, { ...query, [field]: value }, body);
  }
  const bodySchema = endpoint.body as Schema | undefined;
  if (bodySchema) {
    for (const [field, schema] of Object.entries(bodySchema.properties ?? {})) {
      for (const value of hostileFor(schema)) {
        request(`body.${field}=${asText(value).slice(0, 20)}`, params, query, { ...(body as object), [field]: value });
      }
    }
    for (const whole of ['{}', '[]', 'null', '"x"', '{', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]', `{"a":"${'x'.repeat(1_100_000)}"}`]) {
      request(`body=${whole.slice(0, 12)}`, params, query, whole);
    }
    request('body as text/plain', params, query, JSON.stringify(body), { ...headers, 'content-type': 'text/plain' });
  }
  return cases;
}
