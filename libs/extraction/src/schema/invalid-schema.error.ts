/** The caller's JSON schema cannot be used; `problems` are the validator's messages, one per fault. */
export class InvalidSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`the JSON schema is invalid: ${problems.join('; ')}`);
    this.name = 'InvalidSchemaError';
  }
}
