import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { type DownKind, downMessages } from './down.js';
import { DownEnvelope, UpEnvelope } from './envelope.js';
import { schemaProblem } from './problem.js';
import { ackFields, helloFields, type UpKind, upMessages } from './up.js';

// Compile(schema) makes a validator without context ({}).
type Compiled<T extends TSchema> = Validator<Record<PropertyKey, never>, T>;
type CompiledAll<M extends Record<string, TSchema>> = { readonly [K in keyof M]: Compiled<M[K]> };

function compileAll<M extends Record<string, TSchema>>(schemas: M): CompiledAll<M> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, Compile(schema)])) as CompiledAll<M>;
}

/**
 * The validators of every device message, compiled once when this module loads (the gateway checks each up message
 * with them, the simulator each down message). `Check` is a type guard of the kind's payload.
 */
export const compiled = {
  envelope: { up: Compile(UpEnvelope), down: Compile(DownEnvelope) },
  up: compileAll(upMessages),
  down: compileAll(downMessages),
  /** hello and ack: a field of the wrong form is ignored, not the message. */
  helloFields: compileAll(helloFields),
  ackFields: compileAll(ackFields),
};

/** The fields of `body` whose validator accepts them; absent or malformed ones are left out. */
export function wellFormedFields<M extends Record<string, Compiled<TSchema>>>(
  fields: M,
  body: Record<string, unknown>,
): { [K in keyof M]?: M[K] extends Compiled<infer T> ? Static<T> : never } {
  const kept: Record<string, unknown> = {};
  for (const [name, validator] of Object.entries(fields)) {
    const value = body[name];
    if (value !== undefined && validator.Check(value)) kept[name] = value;
  }
  return kept as { [K in keyof M]?: M[K] extends Compiled<infer T> ? Static<T> : never };
}

/** Why `value` is not a well-formed up payload of `kind` (call it only after Check said no). */
export const upProblem = (kind: UpKind, value: unknown): string => schemaProblem(upMessages[kind], value) ?? `not a well-formed ${kind}`;

/** Why `value` is not a well-formed down payload of `kind` (call it only after Check said no). */
export const downProblem = (kind: DownKind, value: unknown): string =>
  schemaProblem(downMessages[kind], value) ?? `not a well-formed ${kind}`;

/** Why `value` is not a well-formed envelope. */
export const envelopeProblem = (direction: 'up' | 'down', value: unknown): string =>
  schemaProblem(direction === 'up' ? UpEnvelope : DownEnvelope, value) ?? 'not a well-formed envelope';
