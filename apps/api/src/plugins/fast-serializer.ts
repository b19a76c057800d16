import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Serializer = (data: unknown) => string;

/**
 * JSON Schema of a zod response schema, shaped for fast-json-stringify: `anyOf: [X, {type: 'null'}]` (zod's
 * nullable) becomes `X` with `type: [X's type, 'null']`, which fast-json-stringify serialises with a type check rather
 * than by validating each branch at run time; `format` is dropped (the values are already strings; a `date` format
 * would make it format Date objects in local time).
 */
export function serializableJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' }) as JsonSchema) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'format' && typeof value === 'string') continue;
    result[key] = simplify(value);
  }
  const branches = result.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other) && !('enum' in other) && !('const' in other)) {
      delete result.anyOf;
      return { ...result, ...other, type: [other.type, 'null'] };
    }
  }
  return result;
}

const zodSerializer = createSerializerCompiler({});

/**
 * Route-level `serializerCompiler` for hot read paths: the route's zod response schema, turned into
 * JSON Schema once, compiled by fast-json-stringify (what Fastify does for JSON-schema routes), instead of zod
 * encoding (validating) every response and `JSON.stringify`. The route keeps its zod schema, so the OpenAPI document
 * is unchanged. Like zod's encoding, properties the schema does not name are left out.
 *
 * `verify` (on under NODE_ENV=test, so the API suite checks every such response): also runs the zod serializer and
 * fails the response (500) when the two differ by a byte, or when zod refuses the data.
 */
export function fastSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const fast = fastJson(serializableJsonSchema(route.schema as z.ZodType) as unknown as Parameters<typeof fastJson>[0]) as Serializer;
    if (!options.verify) return fast;
    const checked = zodSerializer(route as Parameters<typeof zodSerializer>[0]) as Serializer;
    return (data) => {
      const expected = checked(data);
      const output = fast(data);
      if (output !== expected) throw new Error(`fast serializer of ${route.method} ${route.url} differs from zod's:\n${output}\n${expected}`);
      return output;
    };
  };
}
