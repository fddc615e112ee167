import { IsOptional, IsString } from 'class-validator';

// TypeScript accepts a class as a mixin base only with a rest parameter of type any[].
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor = abstract new (...args: any[]) => object;

/**
 * Adds the two fields the official SDKs send in every request body to identify themselves. They are accepted and
 * ignored; any other unknown field is still a 400.
 */
export function WithSdkFields<Base extends Constructor>(base: Base) {
  abstract class SdkFields extends base {
    @IsOptional()
    @IsString()
    origin?: string;

    @IsOptional()
    @IsString()
    integration?: string;
  }
  return SdkFields;
}

/** A body with no fields of its own besides the SDK's. */
export const SdkRequest = WithSdkFields(class {});
