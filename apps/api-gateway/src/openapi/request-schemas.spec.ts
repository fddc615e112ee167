import { IsInt, IsString, isURL, IsUrl } from 'class-validator';
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

/** A class with a URL rule, declared again by each call with options of its own, as a module loaded twice does. */
function twinOfLink() {
  const options = { require_protocol: true };
  class Link {
    @IsUrl(options)
    href!: string;
  }
  return { Link, options };
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

  it('describes a class loaded twice after one load validated a URL, which fills isURL defaults into its options', () => {
    const first = twinOfLink();
    twinOfLink();
    expect(isURL('https://example.com/', first.options)).toBe(true);
    expect(requestSchemas([first.Link]).schemas.Link).toMatchObject({ properties: { href: { type: 'string' } } });
  });
});
