import { type AddressClass, classifyAddress, isPublicAddress } from './ip-classification';

describe('classifyAddress', () => {
  const table: Array<[string, AddressClass]> = [
    // IPv4 public
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['223.255.255.255', 'public'],
    // IPv4 refused
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.99', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6 public
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    // IPv6 refused
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['5f00::1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by it
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    // not addresses
    ['example.com', 'invalid'],
    ['', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['127.1', 'invalid'],
  ];

  it.each(table)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
    expect(isPublicAddress(address)).toBe(expected === 'public');
  });
});
