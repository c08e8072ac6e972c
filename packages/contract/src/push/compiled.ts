import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';
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

/**
 * The console's messages, checked by the server with validators compiled on first use. The server's messages are
 * checked by the console without compiling: compiled validators are generated code, which the console's
 * Content-Security-Policy (no 'unsafe-eval') rightly forbids. They are small, so the plain check costs little.
 */
let compiledClient: CompiledAll<typeof pushClientMessages> | undefined;
const clientValidators = () => (compiledClient ??= compileAll(pushClientMessages));
const serverCheckers = Object.fromEntries(
  Object.entries(pushServerMessages).map(([type, schema]) => [type, { Check: (value: unknown) => Value.Check(schema, value) }]),
) as Record<PushServerType, Checker>;

type Read<M> = { ok: true; message: M } | { ok: false; problem: string };
type Checker = Pick<Compiled<TSchema>, 'Check'>;

function read<M extends { type: string }>(checkers: Record<string, Checker>, schemas: Record<string, TSchema>, value: unknown): Read<M> {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(checkers, type)) return { ok: false, problem: `unknown type ${String(type)}` };
  if ((checkers[type] as Checker).Check(value)) return { ok: true, message: value as M };
  return { ok: false, problem: schemaProblem(schemas[type] as TSchema, value) ?? `not a well-formed ${type}` };
}

/** A message the console sent, checked against its type's schema (the type picks the validator). */
export const readPushClientMessage = (value: unknown): Read<PushClientMessage> =>
  read<PushClientMessage>(clientValidators() as Record<PushClientType, Checker>, pushClientMessages, value);

/** A message the server pushed, checked against its type's schema (the type picks the check). */
export const readPushServerMessage = (value: unknown): Read<PushServerMessage> =>
  read<PushServerMessage>(serverCheckers, pushServerMessages, value);
