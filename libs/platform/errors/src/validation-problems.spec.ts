import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested, validateSync } from 'class-validator';
import { validationProblems } from './validation-problems';

class Location {
  @IsString()
  @MaxLength(2)
  country!: string;
}

class Request {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000)
  maxAge?: number;

  @IsOptional()
  @Type(() => Location)
  @ValidateNested()
  location?: Location;
}

function problemsOf(plain: object): ReturnType<typeof validationProblems> {
  return validationProblems(validateSync(plainToInstance(Request, plain)));
}

describe('validationProblems', () => {
  it('says only the type of a value of the wrong type, not the ranges it cannot be checked against', () => {
    expect(problemsOf({ maxAge: '1000' })).toEqual([{ path: 'maxAge', message: 'maxAge must be an integer number' }]);
  });

  it('says every range a value of the right type breaks', () => {
    expect(problemsOf({ maxAge: 5_000 })).toEqual([
      { path: 'maxAge', message: 'maxAge must not be greater than 1000' },
    ]);
  });

  it('names nested fields by their dotted path', () => {
    expect(problemsOf({ location: { country: 12 } })).toEqual([
      { path: 'location.country', message: 'country must be a string' },
    ]);
    expect(problemsOf({ location: { country: 'USA' } })).toEqual([
      { path: 'location.country', message: 'country must be shorter than or equal to 2 characters' },
    ]);
  });
});
