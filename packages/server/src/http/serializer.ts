import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

type Schema = { [key: string]: unknown };

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/** The JSON type of a union member that is a primitive (`{type: 'string'}`) or a text literal; else undefined. */
function primitiveType(member: Schema): string | undefined {
  // A format changes what is written (a Date as an ISO text): such a member keeps its own schema.
  if (member.format !== undefined) return undefined;
  if (typeof member.type === 'string' && PRIMITIVES.has(member.type)) return member.type;
  if (typeof member.const === 'string') return 'string';
  return undefined;
}

/**
 * A response schema as the serializer wants it: a union of primitives (the contract's `Nullable(Type.String())`, a
 * union of literals) becomes one type list. fast-json-stringify writes a `type` list directly, where a union makes it
 * validate the value against each member first: selfInfo's fifteen nullable fields cost it more than the rest of the
 * call. Validation of what handlers answer is not the serializer's job (the types check it); the documented schema
 * (OpenAPI) keeps the unions.
 */
export function forSerialization(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialization);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (Array.isArray(node.anyOf)) {
    const types = (node.anyOf as Schema[]).map(primitiveType);
    if (types.every((type) => type !== undefined)) {
      const distinct = [...new Set(types)];
      return { type: distinct.length === 1 ? distinct[0] : distinct };
    }
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, forSerialization(value)]));
}

/** Every route's answer is written by fast-json-stringify from its declared schema, as Fastify does by default. */
export function registerSerializer(app: FastifyInstance) {
  app.setSerializerCompiler(({ schema }) => fastJson(forSerialization(schema) as Parameters<typeof fastJson>[0]));
}
