import { ErrorCode } from '@wh/contracts';
import { DomainError, toDomainError } from './domain-error';

/** An error as the `pg` driver raises it: the server's message, its SQLSTATE in `code`. */
function databaseError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('toDomainError', () => {
  it('keeps a DomainError as it is', () => {
    const error = new DomainError(ErrorCode.NotFound, 'Crawl job not found');
    expect(toDomainError(error)).toBe(error);
  });

  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['55P03', 'canceling statement due to lock timeout'],
    ['57P01', 'terminating connection due to administrator command'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
  ])('makes the database failure %s (%s) a retryable 503 with a wait, not an internal error', (code, message) => {
    const wrapped = toDomainError(databaseError(code, message));
    expect(wrapped).toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      retryable: true,
      details: { retryAfterSeconds: 1 },
    });
    expect(wrapped.message).toBe(`temporary database failure: ${message}`);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['42P01', 'relation "crawl_jobs" does not exist'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.7:5432'],
  ])('leaves any other failure (%s) an internal error, still retryable', (code, message) => {
    expect(toDomainError(databaseError(code, message))).toMatchObject({
      code: ErrorCode.Internal,
      message,
      retryable: true,
    });
  });

  it('reads no code from what is not an Error', () => {
    expect(toDomainError({ code: '40P01' })).toMatchObject({ code: ErrorCode.Internal, message: '[object Object]' });
  });
});
