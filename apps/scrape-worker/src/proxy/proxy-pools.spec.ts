import { ProxyPools } from './proxy-pools';

describe('ProxyPools', () => {
  it('goes direct and has no enhanced pool when nothing is configured', () => {
    const pools = new ProxyPools({ basic: '', enhanced: '', byCountry: '' });
    expect(pools.basicFor(undefined)).toBeUndefined();
    expect(pools.hasEnhanced).toBe(false);
    expect(pools.enhancedProxy()).toBeUndefined();
  });

  it('rotates through a pool and splits credentials out for Chromium', () => {
    const pools = new ProxyPools({
      basic: 'http://a.example:8080, http://user:p%40ss@b.example:8081',
      enhanced: '',
      byCountry: '',
    });
    expect(pools.basicFor(undefined)).toEqual({ url: 'http://a.example:8080/', server: 'a.example:8080' });
    expect(pools.basicFor(undefined)).toEqual({
      url: 'http://user:p%40ss@b.example:8081/',
      server: 'b.example:8081',
      username: 'user',
      password: 'p@ss',
    });
    expect(pools.basicFor(undefined)?.server).toBe('a.example:8080');
  });

  it('prefers the proxy of the requested country', () => {
    const pools = new ProxyPools({
      basic: 'http://any.example:1',
      enhanced: 'http://e.example:2',
      byCountry: 'DE=http://de1.example:3|http://de2.example:4,fr=http://fr.example:5',
    });
    expect(pools.basicFor('de')?.server).toBe('de1.example:3');
    expect(pools.basicFor('DE')?.server).toBe('de2.example:4');
    expect(pools.basicFor('FR')?.server).toBe('fr.example:5');
    expect(pools.basicFor('JP')?.server).toBe('any.example:1');
    expect(pools.enhancedProxy()?.server).toBe('e.example:2');
  });

  it.each([
    [{ basic: 'not a url', enhanced: '', byCountry: '' }, /not a URL/],
    [{ basic: 'socks5://a.example:1080', enhanced: '', byCountry: '' }, /http:\/\//],
    [{ basic: '', enhanced: '', byCountry: 'Germany=http://a.example:1' }, /DE=/],
  ])('refuses a bad configuration %j', (settings, message) => {
    expect(() => new ProxyPools(settings)).toThrow(message);
  });
});
