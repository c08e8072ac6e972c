import { type CodeKey, codeKeys, type Envelope as EnvelopeShape, type Language } from '@safety-shield/contract';
import { messages } from '@safety-shield/contract/messages';
import { type TSchema, Type } from 'typebox';

/** The response schema of a successful call (ARCHITECTURE section 3). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), codeKey: Type.String(), data });

export const ErrorEnvelope = Envelope(Type.Unknown());

export function ok<T>(data: T): EnvelopeShape<T> {
  return { code: codeKeys.REQUEST_SUCCESS.code, msg: 'success', codeKey: 'REQUEST_SUCCESS', data };
}

/** The envelope of a failure, its `msg` in the caller's language. */
export function failure(codeKey: CodeKey, language: Language, detail?: string, data: unknown = null): EnvelopeShape {
  const text = messages[language][codeKey];
  return { code: codeKeys[codeKey].code, msg: detail ? `${text}: ${detail}` : text, codeKey, data };
}
