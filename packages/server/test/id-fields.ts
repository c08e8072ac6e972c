import type { Endpoint } from '@safety-shield/contract';
import { sample } from './hostile-input.js';

/**
 * Issue 28's authorization matrix: the fields of an endpoint's input that name a record, found in its contract schemas,
 * and valid inputs with them set.
 */

/** A JSON Schema node as TypeBox writes it (only what the walk reads). */
type Node = { type?: string | string[]; properties?: Record<string, Node>; required?: string[]; items?: Node; anyOf?: Node[] };

const PARTS = ['params', 'query', 'body'] as const;
type Part = (typeof PARTS)[number];

/** The object form of a schema (itself, or the object member of an object-or-null). */
const objectForm = (node: Node): Node => (node.properties ? node : (node.anyOf?.find((form) => form.properties) ?? node));
/** A value's type, looking through an optional null. */
const typeOf = (node: Node): string | undefined =>
  (Array.isArray(node.type) ? node.type.find((type) => type !== 'null') : node.type) ??
  node.anyOf?.map(typeOf).find((type) => type && type !== 'null');

/**
 * Fields that name a record: `id`, `ids`, `uid` and names ending in `Id`/`Ids`; a vehicle's plate and a device's UUID
 * (texts); a report schedule's recipients (account ids; a company's notification recipients are addresses).
 */
const ID_NAME = /^(id|ids|uid)$|Ids?$/;
const TEXT_KEYS = new Set(['licensePlate', 'deviceUuid']);
function namesRecord(field: string, leaf: string | undefined): boolean {
  if (TEXT_KEYS.has(field)) return leaf === 'string';
  if (field === 'recipients') return leaf === 'integer';
  return ID_NAME.test(field);
}

/** One field of an input that names a record: where it sits, whether a call must send it, whether it takes a list. */
export interface IdField {
  part: Part;
  /** Keys from the part down; `0` steps into a list of objects. */
  path: string[];
  /** The path dotted, without the list steps (`filter.companyId`). */
  label: string;
  required: boolean;
  many: boolean;
}

function fieldsOf(node: Node | undefined, part: Part, at: string[] = [], required = true): IdField[] {
  const form = node ? objectForm(node) : {};
  return Object.entries(form.properties ?? {}).flatMap(([key, child]): IdField[] => {
    const path = [...at, key];
    const must = required && (form.required ?? []).includes(key);
    const many = typeOf(child) === 'array';
    const item = many ? (child.items ?? {}) : child;
    if (objectForm(item).properties) return fieldsOf(item, part, many ? [...path, '0'] : path, must);
    if (!namesRecord(key, typeOf(item))) return [];
    return [{ part, path, label: path.filter((step) => step !== '0').join('.'), required: must, many }];
  });
}

/** Every field of an endpoint's input that names a record, in nested objects and lists of objects too. */
export const idFields = (endpoint: Endpoint): IdField[] => PARTS.flatMap((part) => fieldsOf(endpoint[part] as Node | undefined, part));

/** Puts `leaf` at `path` of a part's value, making the objects and lists on the way from their schemas. */
function put(value: Record<string, unknown>, node: Node, path: string[], leaf: unknown) {
  let here = value;
  let form = objectForm(node);
  for (const [index, key] of path.slice(0, -1).entries()) {
    if (key === '0') continue;
    const child = form.properties?.[key] ?? {};
    const list = path[index + 1] === '0';
    const next = objectForm(list ? (child.items ?? {}) : child);
    here[key] ??= list ? [sample(next as never)] : sample(next as never);
    here = (list ? (here[key] as unknown[])[0] : here[key]) as Record<string, unknown>;
    form = next;
  }
  here[path.at(-1) as string] = leaf;
}

const PASSWORD = 'Matrix-Pass-2026';
/**
 * Values for fields (of a part's top level) that a schema's sample fills in a way the server refuses for a reason of
 * its own: a username like the e-mail, a weak password, a span of no length, an expiry in the past, no setting at all.
 */
const fitting: Record<string, () => unknown> = {
  username: () => 'cuckoo.site',
  password: () => PASSWORD,
  rePassword: () => PASSWORD,
  email: () => 'x@example.com',
  issuer: () => 'https://idp.example.com',
  pin: () => '1234',
  settings: () => ({ uploadIntervalSeconds: 30 }),
  expireTime: () => Date.now() + 3_600_000,
  startTime: () => 1_700_000_000_000,
  endTime: () => 1_700_000_060_000,
};

/**
 * An endpoint's valid input, its parts merged as the typed client takes them, with each of `ids` set to its value
 * (put in a list where the field takes one).
 */
export function inputWith(endpoint: Endpoint, ids: [IdField, unknown][]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const part of PARTS) {
    const node = (endpoint[part] ?? {}) as Node;
    const value = { ...((sample(node as never) ?? {}) as Record<string, unknown>) };
    for (const [field, make] of Object.entries(fitting)) if (node.properties?.[field]) value[field] = make();
    for (const [field, id] of ids) if (field.part === part) put(value, node, field.path, field.many ? [id] : id);
    Object.assign(input, value);
  }
  return input;
}
