import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { GatewayModule } from '../gateway.module';
import { buildOpenApiDocument, openApiPath } from './openapi-document';
import { servedRoutes } from './served-routes';

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
});
