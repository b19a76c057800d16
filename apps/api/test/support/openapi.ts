/** The API as its OpenAPI document (/docs/json) describes it: what the security suites iterate over. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

export type ApiParameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };

export type ApiOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As the document writes it: `/v1/causes/{id}`. */
  path: string;
  /** `PUT /v1/causes/{id}`: how rules and reports name an operation. */
  id: string;
  parameters: ApiParameter[];
  /** JSON body schema, when the operation takes one. */
  body?: JsonSchema;
  /** Takes a multipart/form-data upload. */
  multipart: boolean;
  /** Declares bearer authentication. */
  secured: boolean;
};

export type OpenApiDocument = { paths: Record<string, Record<string, { parameters?: ApiParameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>> };

export async function fetchOpenApiDocument(baseUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(new URL('/docs/json', baseUrl));
  if (!response.ok) throw new Error(`/docs/json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** Every operation of the document under /v1. */
export function apiOperations(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as ApiOperation['method'];
      operations.push({
        method: upper,
        path,
        id: `${upper} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        multipart: Boolean(operation.requestBody?.content['multipart/form-data']) || (!operation.requestBody && /\/(photos|logo)$/.test(path) && upper !== 'DELETE'),
        secured: Boolean(operation.security?.length),
      });
    }
  }
  return operations;
}

/** `/v1/causes/{id}` with `{id}` replaced (each value URL-encoded unless `raw`). */
export function fillPath(path: string, { values, options = {} }: { values: Record<string, string>; options?: { raw?: boolean } }): string {
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return options.raw ? value : encodeURIComponent(value);
  });
}

/** A string property a person types (not an enum, an id or a pattern-restricted code). */
export function isFreeText(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && !schema.enum && !schema.format;
}

export function isString(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || Boolean(schema.anyOf?.some(isString));
}
