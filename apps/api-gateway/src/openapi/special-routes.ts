import type { Type } from '@nestjs/common';
import { CDP_SOCKET_PATH, LIVE_SOCKET_PATH } from '../browser/browser-urls';
import { ParseOptionsDto } from '../parse/parse-options.dto';
import { FILE_PART, OPTIONS_PART } from '../parse/upload-receiver';
import type { OpenApiOperation } from './openapi-document';

/** A request body the validation pipe does not read (a multipart upload), described from the parts' own names. */
export interface SpecialRequestBody {
  /** The class its JSON part is validated with; its schema joins the document's components. */
  optionsClass: Type<unknown>;
  requestBody(optionsRef: string | undefined): Record<string, unknown>;
}

export const SPECIAL_REQUEST_BODIES: Readonly<Record<string, SpecialRequestBody>> = {
  'ParseController.parse': {
    optionsClass: ParseOptionsDto,
    requestBody: (optionsRef) => ({
      required: true,
      description:
        `\`multipart/form-data\`: the file in a \`${FILE_PART}\` part with a filename (PDF, DOCX, HTML...), and ` +
        `optionally the scrape options as JSON in an \`${OPTIONS_PART}\` field sent before it.`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [FILE_PART],
            properties: {
              [FILE_PART]: { type: 'string', contentMediaType: 'application/octet-stream' },
              [OPTIONS_PART]: optionsRef ? { $ref: optionsRef } : { type: 'object' },
            },
          },
          encoding: { [OPTIONS_PART]: { contentType: 'application/json' } },
        },
      },
    }),
  },
};

/** Success bodies of the routes that do not answer JSON, by operation id. */
export const SUCCESS_CONTENT: Readonly<Record<string, Record<string, unknown>>> = {
  'OpenApiController.openApi': { 'application/json': { schema: { type: 'object', description: 'This document' } } },
  'OpenApiController.docs': { 'text/html': { schema: { type: 'string' } } },
  'OpenApiController.docsInit': { 'application/javascript': { schema: { type: 'string' } } },
  'OpenApiController.docsAsset': {
    '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
  },
  'LiveViewController.page': { 'text/html': { schema: { type: 'string' } } },
  'FilesController.file': { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  'MetricsController.metrics': {
    'text/plain': { schema: { type: 'string', description: "Prometheus's text exposition format" } },
  },
  'HealthController.healthz': {
    'application/json': {
      schema: { type: 'object', required: ['status'], properties: { status: { const: 'ok' } } },
    },
  },
  'HealthController.readyz': {
    'application/json': { schema: { type: 'object', description: 'Each readiness check by name, and `status`' } },
  },
};

/** A WebSocket endpoint: a GET that asks to upgrade, answered 101 Switching Protocols when the token is good. */
export interface WebSocketPath {
  path: string;
  /** The router's own pattern for the path, so a test can prove the two name the same URLs. */
  pattern: RegExp;
  operation(errorRef: string): OpenApiOperation;
}

function socketOperation(operationId: string, summary: string, description: string) {
  return (errorRef: string): OpenApiOperation => {
    const refused = (why: string): Record<string, unknown> => ({
      description: why,
      content: { 'application/json': { schema: { $ref: errorRef } } },
    });
    return {
      operationId,
      tags: ['browser'],
      summary,
      description:
        `${description} A WebSocket (RFC 6455): send \`Connection: Upgrade\` and \`Upgrade: websocket\`. The token ` +
        'is the one in the URL that `POST /v2/browser` returned; no API key is needed. When the session ends the ' +
        'socket closes with a 4001-4008 code naming why (ttl, idle, deleted, browser exited...).',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'Upgrade', in: 'header', required: true, schema: { const: 'websocket' } },
        { name: 'Connection', in: 'header', required: true, schema: { const: 'Upgrade' } },
      ],
      responses: {
        101: { description: 'Switching Protocols: the socket is piped to the browser' },
        401: refused("UNAUTHORIZED: the token is missing, not this session's, or not for this socket"),
        404: refused('NOT_FOUND: no such session, or it ended'),
        502: refused('SERVICE_UNAVAILABLE: the browser host refused the connection'),
        503: refused('SERVICE_UNAVAILABLE: browser sessions are unavailable'),
      },
    };
  };
}

export const WEBSOCKET_PATHS: readonly WebSocketPath[] = [
  {
    path: '/v2/browser/{id}/cdp',
    pattern: CDP_SOCKET_PATH,
    operation: socketOperation(
      'BrowserSession.cdpSocket',
      'Chrome DevTools Protocol of a browser session',
      "The browser's CDP endpoint, as Puppeteer's or Playwright's `connect` takes it (the `cdpUrl`).",
    ),
  },
  {
    path: '/v2/browser/{id}/live/socket',
    pattern: LIVE_SOCKET_PATH,
    operation: socketOperation(
      'BrowserSession.liveSocket',
      'Frames (and, interactive, input) of a session’s live view',
      'The live view page (`liveViewUrl`, `interactiveLiveViewUrl`) opens this socket itself.',
    ),
  },
];
