import { GENERATED_CRAWL_OPTION_NAMES, type GeneratedCrawlOptions } from '@wh/contracts';
import type { CrawlRequestDto } from './crawl-request.dto';

/**
 * The crawl request with the options a prompt generated filled in where the caller gave none: a field the caller
 * sent (even `[]` or `false`) wins over the model's. The merged request is then validated like any other.
 */
export function withPromptOptions(body: CrawlRequestDto, generated: GeneratedCrawlOptions): CrawlRequestDto {
  const fills = GENERATED_CRAWL_OPTION_NAMES.filter(
    (name) => generated[name] !== undefined && (body[name] === undefined || body[name] === null),
  ).map((name) => [name, generated[name]] as const);
  return { ...body, ...Object.fromEntries(fills) };
}
