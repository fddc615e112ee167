import { guardRefusalOf, proxyStatus } from './proxy-status';

describe('guardRefusalOf', () => {
  it("reads back the guard's own Proxy-Status, quotes and backslashes included", () => {
    const details = 'The host "vm" resolves to 127.0.0.1 \\ loopback';
    expect(guardRefusalOf({ 'proxy-status': proxyStatus('dns_error', details) })).toEqual({
      kind: 'dns_error',
      details,
    });
  });

  it("ignores other proxies' statuses, unknown error types and responses without the header", () => {
    expect(guardRefusalOf({ 'proxy-status': 'squid; error=destination_ip_prohibited' })).toBeUndefined();
    expect(guardRefusalOf({ 'proxy-status': 'webharvest-egress; error=made_up' })).toBeUndefined();
    expect(guardRefusalOf({ 'content-type': 'text/html' })).toBeUndefined();
  });
});
