import { dirname, join } from 'node:path';
import { Controller, Get, Header, Inject, NotFoundException, Param, Res, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Response } from 'express';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { servedRoutes } from './served-routes';

/** The API version the document describes (Firecrawl v2), not this package's release. */
const API_VERSION = '2.0.0';

/** Files of swagger-ui-dist the page loads, served from node_modules: no CDN, nothing fetched from outside. */
const SWAGGER_UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>WebHarvest API</title>
  <link rel="stylesheet" href="/v2/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/v2/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/v2/docs/swagger-ui-bundle.js"></script>
  <script src="/v2/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/v2/docs/init.js"></script>
</body>
</html>
`;

// A file rather than an inline script, so a Content-Security-Policy without 'unsafe-inline' still shows the page.
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/v2/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/** GET /v2/openapi.json (the OpenAPI 3.1 document of every route) and GET /v2/docs (an interactive page over it). */
@Controller('v2')
export class OpenApiController {
  private document: OpenApiDocument | undefined;
  private readonly assetsFolder = dirname(require.resolve('swagger-ui-dist/package.json'));

  constructor(@Inject(DiscoveryService) private readonly discovery: DiscoveryService) {}

  @Get('openapi.json')
  openApi(): OpenApiDocument {
    // Controllers are fixed once the application started; the document is built on the first request.
    this.document ??= buildOpenApiDocument(
      servedRoutes(
        this.discovery
          .getControllers()
          .map((wrapper) => wrapper.metatype as Type<unknown> | null)
          .filter((metatype): metatype is Type<unknown> => typeof metatype === 'function'),
      ),
      API_VERSION,
    );
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  docs(): string {
    return DOCS_PAGE;
  }

  @Get('docs/init.js')
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  docsInit(): string {
    return DOCS_INIT;
  }

  @Get('docs/:asset')
  docsAsset(@Param('asset') asset: string, @Res() response: Response): void {
    const contentType = SWAGGER_UI_ASSETS[asset];
    if (!contentType) throw new NotFoundException(`no such file: ${asset}`);
    response.type(contentType).sendFile(join(this.assetsFolder, asset), { maxAge: '1d' });
  }
}
