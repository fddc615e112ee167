import { applyDecorators } from '@nestjs/common';
import { Allow } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

/** A field the gateway sends as `null` when it has no value (Firecrawl's wire shape), never left out. */
export function Nullable(type: JsonType, description?: string): PropertyDecorator {
  return applyDecorators(Allow(), JSONSchema({ type: [type, 'null'], ...(description ? { description } : {}) }));
}

/** A field whose value is the caller's own shape (a `json` answer against their schema): any JSON value. */
export function AnyJson(description: string): PropertyDecorator {
  return applyDecorators(Allow(), JSONSchema({ description }));
}

/** An object whose keys are not fixed (page metadata carries every meta tag the page had). */
export function OpenObject(description: string): ClassDecorator {
  return JSONSchema({ additionalProperties: true, description });
}
