import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { schemaProblem } from '../device/problem.js';
import {
  type PushClientMessage,
  type PushClientType,
  type PushServerMessage,
  type PushServerType,
  pushClientMessages,
  pushServerMessages,
} from './schemas.js';

// Compile(schema) makes a validator without context ({}).
type Compiled<T extends TSchema> = Validator<Record<PropertyKey, never>, T>;
type CompiledAll<M extends Record<string, TSchema>> = { readonly [K in keyof M]: Compiled<M[K]> };

function compileAll<M extends Record<string, TSchema>>(schemas: M): CompiledAll<M> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, Compile(schema)])) as CompiledAll<M>;
}

/** The validators of every WebSocket message, by direction and type, compiled once when this module loads. */
export const compiledPush = {
  client: compileAll(pushClientMessages),
  server: compileAll(pushServerMessages),
};

type Read<M> = { ok: true; message: M } | { ok: false; problem: string };

function read<M extends { type: string }>(
  validators: Record<string, Compiled<TSchema>>,
  schemas: Record<string, TSchema>,
  value: unknown,
): Read<M> {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(validators, type)) return { ok: false, problem: `unknown type ${String(type)}` };
  const validator = validators[type] as Compiled<TSchema>;
  if (validator.Check(value)) return { ok: true, message: value as M };
  return { ok: false, problem: schemaProblem(schemas[type] as TSchema, value) ?? `not a well-formed ${type}` };
}

/** A message the console sent, checked against its type's schema (the type picks the validator). */
export const readPushClientMessage = (value: unknown): Read<PushClientMessage> =>
  read<PushClientMessage>(compiledPush.client as Record<PushClientType, Compiled<TSchema>>, pushClientMessages, value);

/** A message the server pushed, checked against its type's schema (the type picks the validator). */
export const readPushServerMessage = (value: unknown): Read<PushServerMessage> =>
  read<PushServerMessage>(compiledPush.server as Record<PushServerType, Compiled<TSchema>>, pushServerMessages, value);
