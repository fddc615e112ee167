import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    return [...Object.values(error.constraints ?? {}), ...flatten(error.children ?? [], path)];
  });
}

/**
 * Decodes a message body and validates it against its contract class. A body that fails is poison:
 * retrying cannot fix it, so the error is not retryable.
 */
export async function decodePayload<T extends object>(cls: new () => T, data: Uint8Array): Promise<T> {
  let plain: unknown;
  try {
    plain = JSON.parse(decoder.decode(data));
  } catch {
    throw new DomainError(ErrorCode.BadRequest, 'message body is not JSON');
  }
  if (typeof plain !== 'object' || plain === null) {
    throw new DomainError(ErrorCode.BadRequest, 'message body is not a JSON object');
  }
  const instance = plainToInstance(cls, plain);
  const errors = await validate(instance);
  if (errors.length > 0) {
    throw new DomainError(ErrorCode.BadRequest, `invalid ${cls.name}: ${flatten(errors).join('; ')}`);
  }
  return instance;
}

export function decodeJson<T>(data: Uint8Array): T {
  return JSON.parse(decoder.decode(data)) as T;
}
