import { ErrorCode, type ExtractJobCreateRequest, MAX_EXTRACT_URLS, type ResolvedScrapeOptions } from '@wh/contracts';
import { compileUserSchema, InvalidSchemaError } from '@wh/extraction';
import { DomainError } from '@wh/platform/errors';
import { assertAllowedTarget } from '@wh/platform/target-safety';
import { resolveScrapeOptions } from '../scrape/resolve-scrape-options';
import { isHttpUrl, withScheme } from '../http/target-url';
import type { ExtractRequestDto } from './extract-request.dto';

const WILDCARD = '/*';

export type ResolvedExtract = Omit<ExtractJobCreateRequest, 'teamId' | 'apiKeyId' | 'idempotencyKey'> & {
  invalidURLs: string[];
};

const badRequest = (message: string, details?: unknown): DomainError =>
  new DomainError(ErrorCode.BadRequest, `Bad Request: ${message}`, details);

/** Why a URL cannot be read, or undefined when it can: not an http(s) URL, or a target this deployment refuses. */
function urlProblem(url: string, allowPrivateTargets: boolean): string | undefined {
  const base = url.endsWith(WILDCARD) ? url.slice(0, -WILDCARD.length) || url : url;
  if (!isHttpUrl(base)) return 'not an http(s) URL';
  try {
    assertAllowedTarget(new URL(base), allowPrivateTargets);
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  return undefined;
}

/** The schema compiled now, so a bad one is a 400 with Ajv's messages before any page is read. */
function checkedSchema(schema: Record<string, unknown> | undefined): void {
  if (schema === undefined) return;
  try {
    compileUserSchema(schema);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    throw badRequest(`schema is not a usable JSON schema: ${error.problems.slice(0, 3).join('; ')}`, {
      problems: error.problems,
    });
  }
}

/**
 * Checks a POST /v2/extract body as Firecrawl does and resolves it for extract-service: at most 10 URLs (`/*`
 * wildcards allowed), a prompt or a schema, a schema Ajv compiles, URLs that are http(s) and not private targets
 * (refused as a scrape refuses them, unless ALLOW_PRIVATE_TARGETS). Invalid URLs are a 400 naming them, or with
 * `ignoreInvalidURLs` are left out and listed. Options this deployment cannot honour are refused, never ignored.
 */
export function resolveExtractRequest(body: ExtractRequestDto, allowPrivateTargets: boolean): ResolvedExtract {
  if (body.agent !== undefined && body.agent !== null) {
    throw new DomainError(ErrorCode.UnsupportedOption, 'Unsupported option in this deployment: agent');
  }
  if (body.webhook !== undefined && body.webhook !== null) {
    throw new DomainError(ErrorCode.UnsupportedOption, 'Unsupported option in this deployment: webhook (extract)');
  }
  const given = body.urls ?? [];
  if (given.length > MAX_EXTRACT_URLS) {
    throw badRequest(`urls may hold at most ${MAX_EXTRACT_URLS} URLs, got ${given.length}`, {
      field: 'urls',
      max: MAX_EXTRACT_URLS,
    });
  }
  if (!body.prompt?.trim() && body.schema === undefined) throw badRequest('either prompt or schema is required');
  checkedSchema(body.schema);

  const urls: string[] = [];
  const invalid: { url: string; reason: string }[] = [];
  for (const entry of given) {
    const url = String(withScheme({ value: entry }));
    const problem = urlProblem(url, allowPrivateTargets);
    if (problem) invalid.push({ url: entry, reason: problem });
    else urls.push(url);
  }
  if (invalid.length > 0 && !body.ignoreInvalidURLs) {
    throw badRequest(`invalid URLs: ${invalid.map(({ url, reason }) => `${url} (${reason})`).join(', ')}`, {
      invalidURLs: invalid.map(({ url }) => url),
      reasons: invalid,
    });
  }
  const enableWebSearch = body.enableWebSearch ?? false;
  if (urls.length === 0 && !enableWebSearch) {
    throw badRequest(
      invalid.length > 0 ? 'none of the URLs can be read' : 'urls is required unless enableWebSearch is true',
      invalid.length > 0 ? { invalidURLs: invalid.map(({ url }) => url) } : undefined,
    );
  }
  return {
    urls,
    ...(body.prompt?.trim() ? { prompt: body.prompt } : {}),
    ...(body.schema !== undefined ? { schema: body.schema } : {}),
    ...(body.systemPrompt?.trim() ? { systemPrompt: body.systemPrompt } : {}),
    showSources: body.showSources ?? false,
    enableWebSearch,
    scrapeOptions: pageOptions(body),
    invalidURLs: invalid.map(({ url }) => url),
  };
}

/** How each page is read: the caller's scrape options, less the formats, which the job chooses itself. */
function pageOptions(body: ExtractRequestDto): ResolvedScrapeOptions {
  const { formats: _formats, ...options } = body.scrapeOptions ?? {};
  return resolveScrapeOptions(options);
}
