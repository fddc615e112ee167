import { HttpStatus } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ErrorCode } from '@wh/contracts';
import { STATUS_BY_CODE } from '../http/error-status';
import { type JsonSchema, requestSchemas, SCHEMA_REF_PREFIX } from './request-schemas';
import { RESPONSE_CLASSES } from './responses/response-classes';
import type { ServedRoute } from './served-routes';
import { SPECIAL_REQUEST_BODIES, SUCCESS_CONTENT, WEBSOCKET_PATHS } from './special-routes';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  parameters: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
  summary?: string;
  description?: string;
}

/** `/v2/crawl/:id` becomes `/v2/crawl/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const ERROR_SCHEMA = 'ErrorResponse';

/** The statuses every error code answers with, and the codes behind each status. */
function codesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

function errorResponse(status: number, codes: readonly ErrorCode[]): Record<string, unknown> {
  return {
    description: `${HttpStatus[status] ?? status}: ${codes.join(', ')}`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: `${SCHEMA_REF_PREFIX}${ERROR_SCHEMA}` },
            { type: 'object', properties: { code: { enum: [...codes] } } },
          ],
        },
      },
    },
  };
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  description:
    'Every error: `code` is stable (see the `x-error-codes` table of this document), `error` is for people, ' +
    '`details` lists field problems of a 400 (`[{path, message}]`) or what the code documents.',
  required: ['success', 'error', 'code'],
  properties: {
    success: { const: false },
    error: { type: 'string' },
    code: { type: 'string', enum: Object.values(ErrorCode) },
    details: {},
  },
};

function tagOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  return first === 'v2' && second ? second : 'operations';
}

function successStatus(route: ServedRoute): number {
  const handler = (route.controller.prototype as Record<string, unknown>)[route.handlerName] as object;
  const declared = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  return declared ?? (route.method === 'post' ? HttpStatus.CREATED : HttpStatus.OK);
}

function parametersOf(route: ServedRoute, schemas: Record<string, JsonSchema>, queryName?: string): unknown[] {
  const pathParameters = route.pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const queryClass = queryName ? schemas[queryName] : undefined;
  const classFields = Object.entries((queryClass?.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: ((queryClass?.required ?? []) as string[]).includes(name),
      schema,
    }),
  );
  const namedFields = route.queryFields.map((name) => ({ name, in: 'query', required: false, schema: {} }));
  return [...pathParameters, ...classFields, ...namedFields];
}

export function operationIdOf(route: ServedRoute): string {
  return `${route.controller.name}.${route.handlerName}`;
}

/** The success body: the route's response class, or what a route that does not answer JSON sends. */
function successContent(route: ServedRoute, nameOf: ReadonlyMap<unknown, string>): Record<string, unknown> {
  const responseClass = RESPONSE_CLASSES[operationIdOf(route)];
  const name = responseClass ? nameOf.get(responseClass) : undefined;
  if (name) return { 'application/json': { schema: { $ref: `${SCHEMA_REF_PREFIX}${name}` } } };
  return SUCCESS_CONTENT[operationIdOf(route)] ?? { 'application/json': { schema: {} } };
}

function responsesOf(
  route: ServedRoute,
  takesInput: boolean,
  byStatus: Map<number, ErrorCode[]>,
  nameOf: ReadonlyMap<unknown, string>,
): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [successStatus(route)]: { description: 'Success', content: successContent(route, nameOf) },
  };
  const statuses = new Set<number>();
  if (takesInput) statuses.add(HttpStatus.BAD_REQUEST);
  if (route.guarded) {
    for (const status of [HttpStatus.UNAUTHORIZED, HttpStatus.PAYMENT_REQUIRED, HttpStatus.TOO_MANY_REQUESTS]) {
      statuses.add(status);
    }
  }
  for (const status of statuses) responses[status] = errorResponse(status, byStatus.get(status) ?? []);
  responses.default = {
    description: 'Any other error; `code` says which (see `x-error-codes`)',
    content: { 'application/json': { schema: { $ref: `${SCHEMA_REF_PREFIX}${ERROR_SCHEMA}` } } },
  };
  return responses;
}

/**
 * The OpenAPI 3.1 document of the routes Nest serves: paths and parameters from the router's metadata, request
 * bodies and queries from the class-validator classes the validation pipe applies, success bodies from the response
 * classes, errors from the one table that maps codes to statuses; then the WebSocket upgrades, which Nest does not
 * route.
 */
export function buildOpenApiDocument(routes: readonly ServedRoute[], version: string): OpenApiDocument {
  const roots = routes.flatMap((route) =>
    [
      route.body,
      route.query,
      RESPONSE_CLASSES[operationIdOf(route)],
      SPECIAL_REQUEST_BODIES[operationIdOf(route)]?.optionsClass,
    ].filter((type) => type !== undefined),
  );
  const { schemas, nameOf } = requestSchemas(roots);
  const byStatus = codesByStatus();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const bodyName = route.body ? nameOf.get(route.body) : undefined;
    const queryName = route.query ? nameOf.get(route.query) : undefined;
    const parameters = parametersOf(route, schemas, queryName) as Record<string, unknown>[];
    const special = SPECIAL_REQUEST_BODIES[operationIdOf(route)];
    const operation: OpenApiOperation = {
      operationId: operationIdOf(route),
      tags: [tagOf(route.path)],
      parameters,
      responses: responsesOf(
        route,
        parameters.length > 0 || route.body !== undefined || special !== undefined,
        byStatus,
        nameOf,
      ),
    };
    if (special) {
      const optionsName = nameOf.get(special.optionsClass);
      operation.requestBody = special.requestBody(optionsName ? `${SCHEMA_REF_PREFIX}${optionsName}` : undefined);
    } else if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: bodyName ? { $ref: `${SCHEMA_REF_PREFIX}${bodyName}` } : {} } },
      };
    }
    if (route.guarded) operation.security = [{ bearer: [] }];
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  for (const socket of WEBSOCKET_PATHS) {
    paths[socket.path] = { get: socket.operation(`${SCHEMA_REF_PREFIX}${ERROR_SCHEMA}`) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'WebHarvest API',
      version,
      description:
        'Wire-compatible with the Firecrawl v2 API. Authenticate with `Authorization: Bearer <key>`. Errors are ' +
        '`{success: false, error, code, details}`; the status of each code is in `x-error-codes`.',
    },
    'x-error-codes': Object.fromEntries(Object.entries(STATUS_BY_CODE)),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ...schemas, [ERROR_SCHEMA]: ERROR_BODY },
    },
  };
}
