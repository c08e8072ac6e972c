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
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  minProperties?: number;
  additionalProperties?: unknown;
  patternProperties?: unknown;
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

/** Builds the requests of one operation, with or without a token. */
function requestsOf(name: string, endpoint: Endpoint, token: string | undefined) {
  const headers: Record<string, string> = token ? { 'x-token': token } : {};
  const json = { ...headers, 'content-type': 'application/json' };
  return (label: string, p: Record<string, unknown>, q: Record<string, unknown>, payload: unknown, extra = json): HostileCase => ({
    label: `${name} ${endpoint.method} ${endpoint.path} ${label}`,
    method: endpoint.method,
    url: pathOf(endpoint, p) + queryString(q),
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: payload === undefined ? headers : extra,
  });
}

/** Every hostile request for one operation: one field at a time, then whole bodies and paths. */
export function hostileCases(name: string, endpoint: Endpoint, token: string | undefined): HostileCase[] {
  const params = (baseline((endpoint.params ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const query = (baseline((endpoint.query ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const body = endpoint.body ? baseline(endpoint.body as Schema) : undefined;
  const headers: Record<string, string> = token ? { 'x-token': token } : {};
  const cases: HostileCase[] = [];
  const build = requestsOf(name, endpoint, token);
  const request = (...args: Parameters<typeof build>) => cases.push(build(...args));

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

/** Texts a pattern may ask for, tried in turn: codes of digits, a day, a month, a hex id, a URL. */
const patternSamples = [
  'zz',
  '123456',
  '1234',
  '2024-01-15',
  '2024-01',
  '0123456789abcdef0123456789abcdef',
  '12345678901234567890',
  'https://zz.example',
];

function textSample({ pattern, minLength = 0, maxLength = Number.POSITIVE_INFINITY }: Schema): string {
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength && (!pattern || new RegExp(pattern, 'u').test(text));
  return patternSamples.find(fits) ?? 'z'.repeat(Math.max(2, minLength));
}

/**
 * A value the schema accepts (lengths, counts and patterns met, ids far beyond any row), so that a request built on
 * it is refused for one reason only: the one the case adds.
 */
export function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) return sample(schema.anyOf.find((member) => member.type !== 'null') ?? schema.anyOf[0] ?? {});
  switch (typeOf(schema)) {
    case 'string':
      return textSample(schema);
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => {
        const item = sample(schema.items ?? {});
        // Items of a list that must be unique (ids) differ.
        return typeof item === 'number' ? item - i : item;
      });
    case 'object': {
      const names = Object.keys(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const optional = names.filter((key) => !required.has(key));
      const chosen = [...required, ...optional.slice(0, Math.max(0, (schema.minProperties ?? 0) - required.size))];
      return Object.fromEntries(chosen.map((key) => [key, sample(schema.properties?.[key] ?? {})]));
    }
    default:
      return baseline(schema);
  }
}

/** The property the undeclared-property cases add: no schema declares it. */
export const UNDECLARED = 'notDeclared';

/** Where an object sits in a request part, and how to build the whole part around a value put there. */
interface ObjectSite {
  at: string[];
  schema: Schema;
  around: (value: unknown) => unknown;
}

/** Every object a value of the schema may hold (union members each, a list's first item), the whole first. */
function objectSites(schema: Schema, at: string[] = [], around = (value: unknown) => value): ObjectSite[] {
  if (schema.anyOf) return schema.anyOf.flatMap((member) => objectSites(member, at, around));
  if (schema.type === 'array' && schema.items) {
    const items = schema.items;
    const rest = (sample(schema) as unknown[]).slice(1);
    return objectSites(items, [...at, '0'], (value) => around([value, ...rest]));
  }
  if (schema.type !== 'object' || schema.patternProperties !== undefined) return [];
  const whole = sample(schema) as Record<string, unknown>;
  // A schema that takes what a third party adds (the media server's hook) declares so; it has no undeclared property.
  const own = schema.additionalProperties === true ? [] : [{ at, schema, around }];
  return [
    ...own,
    ...Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
      objectSites(child, [...at, key], (value) => around({ ...whole, [key]: value })),
    ),
  ];
}

/** A request whose only fault is a property its schema does not declare, and the field the refusal must name. */
export interface UndeclaredCase extends HostileCase {
  field: string;
}

/**
 * Issue 28: for every object the query and the body may hold, the operation's valid input with `notDeclared` added
 * there; each must be refused with PARAM_CHECK_FAIL naming it.
 */
export function undeclaredCases(name: string, endpoint: Endpoint, token: string | undefined): UndeclaredCase[] {
  const params = (sample((endpoint.params ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const query = (sample((endpoint.query ?? {}) as Schema) ?? {}) as Record<string, unknown>;
  const body = endpoint.body ? sample(endpoint.body as Schema) : undefined;
  const request = requestsOf(name, endpoint, token);
  const undeclared = ({ schema, around }: ObjectSite) => around({ ...(sample(schema) as object), [UNDECLARED]: 1 });
  const field = (at: string[]) => [...at, UNDECLARED].join('.');
  return [
    ...objectSites((endpoint.query ?? {}) as Schema)
      .filter(() => endpoint.query)
      .map((site) => ({
        ...request(`query.${field(site.at)}`, params, undeclared(site) as Record<string, unknown>, body),
        field: field(site.at),
      })),
    ...(endpoint.body ? objectSites(endpoint.body as Schema) : []).map((site) => ({
      ...request(`body.${field(site.at)}`, params, query, undeclared(site)),
      field: field(site.at),
    })),
  ];
}
