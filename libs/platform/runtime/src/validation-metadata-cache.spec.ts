import { IsInt, IsString, getMetadataStorage, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Charge {
  @IsInt()
  credits!: number;
}

function charge(credits: unknown): Charge {
  return Object.assign(new Charge(), { credits });
}

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('validates as before, call after call, looking the rules up once', async () => {
    const lookup = jest.spyOn(getMetadataStorage(), 'getTargetValidationMetadatas');
    for (let index = 0; index < 3; index += 1) {
      expect(await validate(charge(2))).toEqual([]);
      expect((await validate(charge('two'))).map((error) => error.property)).toEqual(['credits']);
    }
    expect(lookup).toHaveBeenCalledTimes(6);
    expect(new Set(lookup.mock.results.map((result) => result.value as unknown)).size).toBe(1);
    lookup.mockRestore();
  });

  it('sees the rules of a class defined after the first validation, its inherited ones included', async () => {
    expect(await validate(charge(1))).toEqual([]);

    class PageCharge extends Charge {
      @IsString()
      url!: string;
    }
    const page = Object.assign(new PageCharge(), { credits: 'one', url: 3 });

    expect((await validate(page)).map((error) => error.property).sort()).toEqual(['credits', 'url']);
    expect((await validate(charge('one'))).map((error) => error.property)).toEqual(['credits']);
  });

  it('forgets what it found when a rule is added to a class already looked up', async () => {
    class Grant {
      @IsInt()
      credits!: number;
      note?: unknown;
    }
    const grant = Object.assign(new Grant(), { credits: 1, note: 5 });
    expect(await validate(grant)).toEqual([]);

    IsString()(Grant.prototype, 'note');

    expect((await validate(grant)).map((error) => error.property)).toEqual(['note']);
  });
});
