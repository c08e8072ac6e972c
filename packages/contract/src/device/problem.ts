import type { TSchema } from 'typebox';

/**
 * Why a value fails its schema, said in one line (`points[3].lat: must be at most 90`). A compiled validator's
 * Check says only yes or no; its Errors() visits every element, which costs seconds for a hostile million-item
 * array. This walks the JSON schema instead and stops at the first problem, so its cost is bounded by the schema's
 * maxItems. It knows the keywords the message schemas use; null means it found nothing (then say the form is wrong).
 */
export function schemaProblem(schema: TSchema, value: unknown, path = ''): string | null {
  const s = schema as Record<string, unknown>;
  const at = (message: string) => `${path || 'message'}: ${message}`;
  if (Array.isArray(s.anyOf)) return anyOfProblem(s.anyOf as TSchema[], value, path);
  if ('const' in s && value !== s.const) return at(`must be ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return at(`must be one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  switch (s.type) {
    case 'null':
      return value === null ? null : at('must be null');
    case 'boolean':
      return typeof value === 'boolean' ? null : at('must be true or false');
    case 'string':
      return typeof value === 'string' ? stringProblem(s, value, at) : at('must be text');
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return at(`must be ${s.type === 'integer' ? 'an integer' : 'a number'}`);
      if (s.type === 'integer' && !Number.isInteger(value)) return at('must be an integer');
      return numberProblem(s, value, at);
    }
    case 'array':
      return Array.isArray(value) ? arrayProblem(s, value, path, at) : at('must be a list');
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? objectProblem(s, value as Record<string, unknown>, path)
        : at('must be an object');
    default:
      return null;
  }
}

function stringProblem(s: Record<string, unknown>, value: string, at: (message: string) => string): string | null {
  // JSON Schema counts characters (code points), as the compiled validators do.
  const length = typeof s.minLength === 'number' || typeof s.maxLength === 'number' ? [...value].length : 0;
  if (typeof s.minLength === 'number' && length < s.minLength) return at(`must have at least ${s.minLength} characters`);
  if (typeof s.maxLength === 'number' && length > s.maxLength) return at(`must have at most ${s.maxLength} characters`);
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) return at(`must match ${s.pattern}`);
  return null;
}

function numberProblem(s: Record<string, unknown>, value: number, at: (message: string) => string): string | null {
  if (typeof s.minimum === 'number' && value < s.minimum) return at(`must be at least ${s.minimum}`);
  if (typeof s.maximum === 'number' && value > s.maximum) return at(`must be at most ${s.maximum}`);
  if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return at(`must be more than ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return at(`must be less than ${s.exclusiveMaximum}`);
  return null;
}

function arrayProblem(s: Record<string, unknown>, value: unknown[], path: string, at: (message: string) => string): string | null {
  if (typeof s.minItems === 'number' && value.length < s.minItems) return at(`must hold at least ${s.minItems} items`);
  if (typeof s.maxItems === 'number' && value.length > s.maxItems) return at(`must hold at most ${s.maxItems} items`);
  if (!s.items) return null;
  for (let i = 0; i < value.length; i++) {
    const problem = schemaProblem(s.items as TSchema, value[i], `${path}[${i}]`);
    if (problem) return problem;
  }
  return null;
}

function objectProblem(s: Record<string, unknown>, value: Record<string, unknown>, path: string): string | null {
  const properties = (s.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((s.required ?? []) as string[]);
  for (const [name, property] of Object.entries(properties)) {
    const field = path ? `${path}.${name}` : name;
    if (value[name] === undefined) {
      if (required.has(name)) return `${field} is missing`;
      continue;
    }
    const problem = schemaProblem(property, value[name], field);
    if (problem) return problem;
  }
  return null;
}

/** The fields an object form is told apart by (a fixed value or a list of values) and whether a value has them. */
function tellsApart(schema: TSchema, value: Record<string, unknown>): boolean {
  const s = schema as Record<string, unknown>;
  const properties = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((s.required ?? []) as string[]);
  let fixed = 0;
  for (const [name, property] of Object.entries(properties)) {
    if ('const' in property) {
      if (value[name] !== property.const) return false;
      fixed++;
    } else if (Array.isArray(property.enum) && required.has(name)) {
      if (!property.enum.includes(value[name])) return false;
      fixed++;
    }
  }
  return fixed > 0;
}

function anyOfProblem(forms: TSchema[], value: unknown, path: string): string | null {
  const problems: string[] = [];
  for (const form of forms) {
    const problem = schemaProblem(form, value, path);
    if (problem === null) return null;
    problems.push(problem);
  }
  // Object forms told apart by a fixed field (upload's state, live's action, a fault's code): the problem of the form
  // the value says it is.
  if (typeof value === 'object' && value !== null) {
    const chosen = forms.findIndex((form) => tellsApart(form, value as Record<string, unknown>));
    if (chosen >= 0) return problems[chosen] ?? null;
  }
  const scalar = forms.filter((form) => (form as Record<string, unknown>).type !== 'object');
  if (scalar.length === forms.length) return problems[0] ?? null;
  return `${path || 'message'}: matches none of its ${forms.length} forms (${problems[0]})`;
}
