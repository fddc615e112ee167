import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { GatewayModule } from '../gateway.module';
import { buildOpenApiDocument, openApiPath, operationIdOf } from './openapi-document';
import { RESPONSE_CLASSES } from './responses/response-classes';
import { servedRoutes } from './served-routes';
import { SPECIAL_REQUEST_BODIES, SUCCESS_CONTENT, WEBSOCKET_PATHS } from './special-routes';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule>;

/** Every controller of a module tree, read the way Nest's scanner reads it: static metadata plus dynamic modules. */
function controllersOf(root: ModuleRef, seen = new Set<unknown>()): Type<unknown>[] {
  if (seen.has(root) || root instanceof Promise) return [];
  seen.add(root);
  const isDynamic = typeof root === 'object';
  const moduleClass = isDynamic ? root.module : root;
  const ownControllers = [
    ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) ?? []) as Type<unknown>[]),
    ...(isDynamic ? (root.controllers ?? []) : []),
  ];
  const imports = [
    ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) ?? []) as ModuleRef[]),
    ...(isDynamic ? ((root.imports ?? []) as ModuleRef[]) : []),
  ];
  return [...ownControllers, ...imports.flatMap((imported) => controllersOf(imported, seen))];
}

describe('the OpenAPI document', () => {
  const routes = servedRoutes(controllersOf(GatewayModule));
  const document = buildOpenApiDocument(routes, '2.0.0');

  it('describes every route the gateway serves, with its method', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => !document.paths[openApiPath(route.path)]?.[route.method]);
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    expect(document.paths['/v2/scrape']?.post).toBeDefined();
    expect(document.paths['/v2/crawl/{id}']?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    expect(document.paths['/healthz']?.get).toBeDefined();
  });

  it('takes request bodies from the validation classes, nested ones included', () => {
    const scrape = document.paths['/v2/scrape']?.post?.requestBody as {
      content: { 'application/json': { schema: { $ref: string } } };
    };
    expect(scrape.content['application/json'].schema.$ref).toBe('#/components/schemas/ScrapeRequestDto');
    const body = document.components.schemas.ScrapeRequestDto as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['url', 'formats', 'onlyMainContent', 'origin']),
    );
    expect(body.required).toContain('url');
  });

  it('describes the errors a guarded route answers with their codes', () => {
    const responses = document.paths['/v2/scrape']?.post?.responses as Record<string, { description: string }>;
    expect(responses['401']?.description).toContain('UNAUTHORIZED');
    expect(responses['402']?.description).toContain('INSUFFICIENT_CREDITS');
    expect(responses['400']?.description).toContain('BAD_REQUEST');
    expect(document['x-error-codes']).toEqual(expect.objectContaining({ SCRAPE_TIMEOUT: 408 }));
  });

  it('is a document whose schemas compile', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, strictTypes: false, strictRequired: false }));
    // Strict mode refuses unknown keywords inside the schemas; the document's own sections are not schemas.
    ajv.addKeyword({ keyword: 'components' });
    ajv.addSchema({ $id: 'openapi', components: document.components });
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`)).not.toThrow();
    }
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  /** An Ajv holding the document's components, compiling the schema of one response or body. */
  function validatorOf(schema: unknown) {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ $id: 'openapi', components: document.components });
    return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
  }

  it('gives every route a success body: a response class, or the content of a route that is not JSON', () => {
    const ids = new Set(routes.map(operationIdOf));
    const described = routes.filter((route) => RESPONSE_CLASSES[operationIdOf(route)] !== undefined);
    expect(described.length).toBeGreaterThanOrEqual(25);
    const neither = [...ids].filter((id) => !RESPONSE_CLASSES[id] && !SUCCESS_CONTENT[id]);
    expect(neither).toEqual([]);
    // A table entry naming no served handler is a route renamed or removed without its description.
    const tables = [RESPONSE_CLASSES, SUCCESS_CONTENT, SPECIAL_REQUEST_BODIES].flatMap((table) => Object.keys(table));
    expect(tables.filter((id) => !ids.has(id))).toEqual([]);
    const crawlStatus = document.paths['/v2/crawl/{id}']?.get?.responses['200'] as {
      content: { 'application/json': { schema: { $ref: string } } };
    };
    expect(crawlStatus.content['application/json'].schema.$ref).toBe('#/components/schemas/JobStatusResponseBody');
  });

  it('takes response schemas from the classes: closed objects, open metadata, nulls where the API sends them', () => {
    const validate = validatorOf({ $ref: '#/components/schemas/ScrapeResponse' });
    const reply = {
      success: true,
      data: {
        markdown: '# Title',
        metadata: { sourceURL: 'https://a.test/', url: 'https://a.test/', statusCode: 200, 'og:title': 'Title' },
      },
    };
    expect(validate(reply)).toBe(true);
    expect(validate({ ...reply, data: { ...reply.data, markdwn: '# Title' } })).toBe(false);
    expect(validate({ ...reply, data: { markdown: '# Title' } })).toBe(false);
    const queue = validatorOf({ $ref: '#/components/schemas/QueueStatusResponse' });
    const counts = { success: true, jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0, maxConcurrency: 2 };
    expect(queue({ ...counts, mostRecentSuccess: null })).toBe(true);
    expect(queue(counts)).toBe(false);
  });

  it('describes the multipart body of /v2/parse with its options part from the validation class', () => {
    const body = document.paths['/v2/parse']?.post?.requestBody as {
      content: Record<string, { schema: { required: string[]; properties: Record<string, { $ref?: string }> } }>;
    };
    const multipart = body.content['multipart/form-data'];
    expect(multipart?.schema.required).toEqual(['file']);
    expect(multipart?.schema.properties.options?.$ref).toBe('#/components/schemas/ParseOptionsDto');
    expect(document.components.schemas.ParseOptionsDto).toBeDefined();
  });

  it('describes the WebSocket upgrades, at paths the upgrade router claims', () => {
    const sessionId = '0b9f3c1e-8a4d-4c57-9e21-5d6f7a8b9c0d';
    for (const socket of WEBSOCKET_PATHS) {
      expect(socket.pattern.test(socket.path.replace('{id}', sessionId))).toBe(true);
      const operation = document.paths[socket.path]?.get;
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['101', '401', '404']));
      expect(operation?.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'token', in: 'query', required: true })]),
      );
    }
    expect(WEBSOCKET_PATHS.map((socket) => socket.path)).toEqual([
      '/v2/browser/{id}/cdp',
      '/v2/browser/{id}/live/socket',
    ]);
  });
});
