import { IsInt, IsString } from 'class-validator';
import { requestSchemas } from './request-schemas';

/** The same class declared again, as a module loaded twice declares it: same name, same rules. */
function twinOfEcho() {
  class Echo {
    @IsString()
    text!: string;
  }
  return Echo;
}

function clashingQuote() {
  class Quote {
    @IsInt()
    amount!: number;
  }
  return Quote;
}

describe('requestSchemas', () => {
  it('describes a class whose module was loaded twice, and refuses two different classes sharing a name', () => {
    const Echo = twinOfEcho();
    twinOfEcho();
    expect(requestSchemas([Echo]).schemas.Echo).toMatchObject({ properties: { text: { type: 'string' } } });

    class Quote {
      @IsString()
      currency!: string;
    }
    clashingQuote();
    expect(() => requestSchemas([Quote])).toThrow('two request classes are named Quote');
  });
});
