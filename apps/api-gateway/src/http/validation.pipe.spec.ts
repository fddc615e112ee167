import 'reflect-metadata';
import type { ArgumentMetadata } from '@nestjs/common';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { ScrapeRequestDto } from '../scrape/scrape-request.dto';
import { createApiValidationPipe } from './validation.pipe';

const SCRAPE_BODY: ArgumentMetadata = { type: 'body', metatype: ScrapeRequestDto, data: undefined };

async function failureOf(body: unknown): Promise<DomainError> {
  try {
    await createApiValidationPipe().transform(body, SCRAPE_BODY);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('the API validation pipe', () => {
  it.each([[['https://example.com']], [[1, 2, 3]], [[]]])(
    'refuses a JSON array (%j) sent for a request object in one problem, not one per index',
    async (body) => {
      const failure = await failureOf(body);
      expect(failure.code).toBe(ErrorCode.BadRequest);
      expect(failure.message).toBe('Bad Request: the request body must be a JSON object');
      expect(failure.details).toEqual([{ path: '', message: 'the request body must be a JSON object' }]);
    },
  );

  it('leaves a body no parser read (another content type) to the checks of the fields it lacks', async () => {
    const failure = await failureOf(undefined);
    expect(failure.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'url' })]));
  });

  it('still checks the fields of an object body one by one', async () => {
    const failure = await failureOf({ url: 'https://example.com', timeout: 0 });
    expect(failure.details).toEqual([{ path: 'timeout', message: 'timeout must not be less than 1' }]);
  });

  it('builds the request class from a valid object body', async () => {
    const built = await createApiValidationPipe().transform({ url: 'https://example.com/a' }, SCRAPE_BODY);
    expect(built).toBeInstanceOf(ScrapeRequestDto);
    expect(built).toMatchObject({ url: 'https://example.com/a' });
  });
});
