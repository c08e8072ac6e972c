/**
 * The sections of docs/device-protocol.md and docs/websocket.md generated from the contract (`src/device`,
 * `src/push`), each between the markers `<!-- {name}:begin -->` and `<!-- {name}:end -->`: the schema tables of
 * every message (`schemas`) and the list of topics with the portal nodes' subscriptions (`topics`).
 *
 *   npm run docs:protocol -w @safety-shield/contract            rewrites every section
 *   npm run docs:protocol -w @safety-shield/contract -- --check  fails if a document differs (CI)
 *
 * test/device-protocol-doc.test.ts fails when a document's section is not what this script makes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { TSchema } from 'typebox';
import {
  DOWN_KINDS,
  DownEnvelope,
  downMessages,
  portalNodeTopics,
  RETAINED_UP_KIND,
  UP_KINDS,
  UpEnvelope,
  unsharedUpKinds,
  upMessages,
} from '../src/device/index.js';
import { ADAS_TYPES, ALARM_BITS, type AlarmMapping, BSD_TYPES, DMS_TYPES, FAULT_BITS, hexId, MESSAGES } from '../src/jt808/index.js';
import { pushClientMessages, pushServerMessages } from '../src/push/schemas.js';

const begin = (name: string) => `<!-- ${name}:begin -->`;
const end = (name: string) => `<!-- ${name}:end -->`;

type Json = Record<string, unknown>;
interface Row {
  field: string;
  type: string;
  limits: string;
  required: string;
  notes: string;
}

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const members = (s: Json) => (Array.isArray(s.anyOf) ? (s.anyOf as Json[]) : null);
const isNull = (s: Json) => s.type === 'null';
const isObject = (s: Json) => s.type === 'object' && typeof s.properties === 'object';

/** The schema without its `or null`. */
function nonNull(s: Json): Json {
  const forms = members(s)?.filter((form) => !isNull(form));
  return forms && forms.length === 1 ? (forms[0] as Json) : s;
}

function typeName(s: Json): string {
  const forms = members(s);
  if (forms) return [...new Set(forms.map(typeName))].join(' or ');
  if ('const' in s) return code(JSON.stringify(s.const));
  if (Array.isArray(s.enum)) return s.enum.every((value) => typeof value === 'string') ? 'text' : 'value';
  switch (s.type) {
    case 'string':
      return 'text';
    case 'array':
      return `list of ${typeName((s.items ?? {}) as Json).replace(/^(object|text|integer|number|boolean)$/, '$1s')}`;
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
    case 'object':
      return String(s.type);
    default:
      return 'any';
  }
}

const range = (min: unknown, max: unknown, unit: string) => {
  if (typeof min === 'number' && typeof max === 'number') return min === max ? `${min} ${unit}` : `${min}–${max} ${unit}`;
  if (typeof max === 'number') return `at most ${max} ${unit}`;
  if (min === 1) return 'not empty';
  if (typeof min === 'number') return `at least ${min} ${unit}`;
  return '';
};

function limits(s: Json): string {
  const forms = members(s);
  if (forms)
    return forms
      .map(limits)
      .filter((text) => text !== '')
      .join('; ');
  const parts: string[] = [];
  if (Array.isArray(s.enum)) parts.push(`one of ${s.enum.map((value) => code(String(value))).join(', ')}`);
  if (s.type === 'string') {
    const length = range(s.minLength, s.maxLength, 'characters');
    if (length) parts.push(length);
    if (typeof s.pattern === 'string') parts.push(`pattern ${code(s.pattern)}`);
  }
  if (s.type === 'number' || s.type === 'integer') {
    if (typeof s.minimum === 'number' && typeof s.maximum === 'number') parts.push(`${s.minimum} to ${s.maximum}`);
    else {
      if (typeof s.minimum === 'number') parts.push(`≥ ${s.minimum}`);
      if (typeof s.maximum === 'number') parts.push(`≤ ${s.maximum}`);
    }
    if (typeof s.exclusiveMinimum === 'number') parts.push(`> ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number') parts.push(`< ${s.exclusiveMaximum}`);
  }
  if (s.type === 'array') {
    const count = range(s.minItems, s.maxItems, 'items');
    if (count) parts.push(count);
    const items = (s.items ?? {}) as Json;
    const each = isObject(items) ? '' : limits(items);
    if (each) parts.push(`each ${each}`);
  }
  return parts.join(', ');
}

function notes(s: Json): string {
  const forms = members(s);
  const own = typeof s.description === 'string' ? s.description : '';
  if (own || !forms) return own;
  return forms
    .map((form) => (typeof form.description === 'string' ? form.description : ''))
    .filter((text) => text !== '')
    .join('; ');
}

/** The forms of a union of objects, each to be shown in a table of its own. */
const objectForms = (s: Json): Json[] | null => {
  const forms = members(nonNull(s));
  return forms?.every(isObject) ? forms : null;
};

/** One row per field, nested objects and lists of objects flattened (`a.b`, `a[].b`); unions of objects set aside. */
function rows(s: Json, prefix: string, unions: Array<{ field: string; forms: Json[] }>): Row[] {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const out: Row[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const field = `${prefix}${name}`;
    const inner = nonNull(property);
    const items = inner.type === 'array' ? ((inner.items ?? {}) as Json) : null;
    const forms = objectForms(inner) ?? (items ? objectForms(items) : null);
    out.push({
      field: code(field),
      type: forms ? (items ? 'list of objects (forms below)' : 'object (forms below)') : typeName(property),
      limits: limits(property),
      required: required.has(name) ? 'yes' : 'no',
      notes: notes(property),
    });
    if (forms) unions.push({ field: items ? `${field}[]` : field, forms });
    else if (isObject(inner) && Object.keys(inner.properties as Json).length > 0) out.push(...rows(inner, `${field}.`, unions));
    else if (items && isObject(items)) out.push(...rows(items, `${field}[].`, unions));
  }
  return out;
}

function table(list: Row[]): string {
  if (list.length === 0) return '_No fields._\n';
  const lines = ['| field | type | limits | required | notes |', '|---|---|---|---|---|'];
  for (const row of list) lines.push(`| ${[row.field, row.type, row.limits, row.required, row.notes].map(cell).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

const formName = (form: Json, index: number) => (typeof form.description === 'string' ? form.description : `form ${index + 1}`);

/** The tables of one message: one, or one per form of a union, then one per form of a nested union. */
function messageTables(title: string, schema: TSchema, level = '####'): string {
  const s = schema as Json;
  const parts = [`${level} ${title}\n`];
  const unions: Array<{ field: string; forms: Json[] }> = [];
  const forms = objectForms(s);
  if (forms) {
    forms.forEach((form, index) => {
      parts.push(`${formName(form, index)}:\n`, table(rows(form, '', unions)));
    });
  } else parts.push(table(rows(s, '', unions)));
  for (const union of unions) {
    union.forms.forEach((form, index) => {
      parts.push(`${code(union.field)}, ${formName(form, index)}:\n`, table(rows(form, `${union.field}.`, [])));
    });
  }
  return parts.join('\n');
}

const generatedNote = (source: string) =>
  `<!-- Generated from ${source} by \`npm run docs:protocol -w @safety-shield/contract\`: edit the contract, not this section. -->`;

/** The section of docs/device-protocol.md: the envelopes, then every up and every down kind. */
export function deviceSection(): string {
  const parts = [
    generatedNote('packages/contract/src/device'),
    '',
    '### Schemas',
    '',
    'Every message as the gateway checks it (`@safety-shield/contract/device`, compiled once). Lengths count characters',
    '(Unicode code points); a field not listed is ignored; "or null" is the same as leaving the field out. What a schema',
    'cannot say is in `rules.ts` next to the schemas: a time is epoch ms or 10-digit seconds after 2000 and at most a day',
    'ahead of the portal (`deviceTime`), `lat` and `lng` come together, an incident’s resource ids are unique and a',
    'video’s `end` is not before its `start`, `health`’s `at` lies after 2000, a partial `config` changes something and',
    'a `config`’s `video` and `evidence` name each channel once. In `hello` and in an `ack`’s `error` and `result` a',
    'field of the wrong form is ignored, not the message.',
    '',
    messageTables('Envelope of every up message', UpEnvelope),
    messageTables('Envelope of every down message', DownEnvelope),
    ...Object.entries(upMessages).map(([kind, schema]) => messageTables(`Up ${code(kind)}`, schema)),
    ...Object.entries(downMessages).map(([kind, schema]) => messageTables(`Down ${code(kind)}`, schema)),
  ];
  return `${parts.join('\n').trimEnd()}\n`;
}

const codes = (names: readonly string[]) => names.map(code).join(', ');

/** The "Topics and access" list of docs/device-protocol.md: every kind each way, and what a portal node subscribes. */
export function topicsSection(): string {
  const unshared: Record<string, string> = unsharedUpKinds;
  const subscription = (topic: string) => {
    const why = unshared[topic.slice(topic.lastIndexOf('/') + 1)];
    return why && !topic.startsWith('$share/') ? `- ${code(topic)}, unshared: ${why}` : `- ${code(topic)}`;
  };
  const lines = [
    generatedNote('packages/contract/src/device'),
    '',
    '| topic | `{kind}` | published by | subscribed by |',
    '|---|---|---|---|',
    `| \`dev/{uuid}/up/{kind}\` | ${codes(UP_KINDS)} | only the device \`{uuid}\`, QoS 1; only ${code(RETAINED_UP_KIND)} retained | the portal (below) |`,
    `| \`dev/{uuid}/down/{kind}\` | ${codes(DOWN_KINDS)} | the portal, QoS 1, never retained | only the device \`{uuid}\`, as \`dev/{uuid}/down/#\` with QoS 1 |`,
    '',
    "The portal's side: it publishes on `dev/{uuid}/down/{kind}`; the embedded broker hands every up message to the",
    'gateway itself. On an external broker each portal node subscribes these with QoS 1 (`portalNodeTopics`; the nodes',
    'share the `$share/…` ones):',
    '',
    ...portalNodeTopics('{MQTT_SHARE_GROUP}').map(subscription),
  ];
  return `${lines.join('\n')}\n`;
}

/** The section of docs/websocket.md: every message of the console's WebSocket, both ways. */
export function pushSection(): string {
  const parts = [
    generatedNote('packages/contract/src/push'),
    '',
    ...Object.entries(pushClientMessages).map(([type, schema]) => messageTables(`Console → server ${code(type)}`, schema, '###')),
    ...Object.entries(pushServerMessages).map(([type, schema]) => messageTables(`Server → console ${code(type)}`, schema, '###')),
  ];
  return `${parts.join('\n').trimEnd()}\n`;
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The generated documents: where each lives and what each of its named sections must be. */
/** docs/jt808.md: every JT/T 808 message the portal speaks (`MESSAGES`), up then down. */
function jt808MessagesSection(): string {
  const rows = [...MESSAGES]
    .sort((a, b) => a.direction.localeCompare(b.direction) * -1 || a.id - b.id)
    .map(
      (m) =>
        `| ${code(hexId(m.id))} | ${m.direction === 'up' ? 'terminal → portal' : 'portal → terminal'} | ${cell(m.name)} | ${cell(m.portal)} |`,
    );
  return ['| id | way | message | what the portal does |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}

/** docs/jt808.md: what each alarm files (`ALARM_BITS`, `ADAS_TYPES`, `DMS_TYPES`, `BSD_TYPES`). */
function jt808AlarmsSection(): string {
  const table = (title: string, what: string, list: readonly AlarmMapping[], show: (n: number) => string) => [
    `**${title}**`,
    '',
    `| ${what} | alarm | files |`,
    '| --- | --- | --- |',
    ...list.map((m) => `| ${show(m.code)} | ${cell(m.name)} | ${code(m.files)} |`),
    '',
  ];
  const hex = (n: number) => code(`0x${n.toString(16).padStart(2, '0')}`);
  return [
    ...table('0x0200 alarm word', 'bit', ALARM_BITS, String),
    ...table('ADAS (additional item 0x64)', 'type', ADAS_TYPES, hex),
    ...table('DMS (additional item 0x65)', 'type', DMS_TYPES, hex),
    ...table('BSD (additional item 0x67)', 'type', BSD_TYPES, hex),
    '**Running-status faults of the 0x0200 alarm word** (held while the bit is on)',
    '',
    '| bit | alarm | fault |',
    '| --- | --- | --- |',
    ...FAULT_BITS.map((m) => `| ${m.code} | ${cell(m.name)} | ${code(m.fault)} |`),
    '',
  ].join('\n');
}

export const documents: Array<{ path: string; sections: Record<string, () => string> }> = [
  { path: `${root}docs/device-protocol.md`, sections: { topics: topicsSection, schemas: deviceSection } },
  { path: `${root}docs/websocket.md`, sections: { schemas: pushSection } },
  { path: `${root}docs/jt808.md`, sections: { messages: jt808MessagesSection, alarms: jt808AlarmsSection } },
];

/** Where a named section's text lies in a document (between its markers); undefined without them. */
function bounds(text: string, name: string): { from: number; to: number } | undefined {
  const from = text.indexOf(begin(name));
  const to = text.indexOf(end(name));
  return from < 0 || to < from ? undefined : { from: from + begin(name).length, to };
}

/** A document's generated section of that name (without the markers); undefined without markers. */
export function sectionOf(text: string, name: string): string | undefined {
  const at = bounds(text, name);
  return at && text.slice(at.from, at.to).replace(/^\n/, '');
}

/** The document with its section of that name replaced. */
export function withSection(text: string, name: string, section: string): string {
  const at = bounds(text, name);
  if (!at) throw new Error(`no ${begin(name)} … ${end(name)} markers`);
  return `${text.slice(0, at.from)}\n${section}${text.slice(at.to)}`;
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const document of documents) {
    const text = await readFile(document.path, 'utf8');
    let next = text;
    for (const [name, section] of Object.entries(document.sections)) next = withSection(next, name, section());
    if (next === text) continue;
    stale++;
    if (check) console.error(`${document.path}: a generated section differs from the contract`);
    else {
      await writeFile(document.path, next);
      console.log(`${document.path}: generated sections written`);
    }
  }
  if (check && stale > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
