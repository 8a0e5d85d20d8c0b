import { addressRefusal, PUBLIC_ONLY } from './address-policy';

describe('addressRefusal: only public unicast addresses pass', () => {
  it.each([['8.8.8.8'], ['93.184.215.14'], ['2606:4700:4700::1111'], ['2a00:1450:4001:80b::200e']])(
    'lets %s through',
    (address) => {
      expect(addressRefusal(address, PUBLIC_ONLY)).toBeNull();
    },
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['64:ff9b:1::7f00:1', 'rfc6052'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['::7f00:1', 'ipv4Compatible'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['0x7f.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(addressRefusal(address, PUBLIC_ONLY)).toBe(range);
  });

  it('lets loopback through only when the policy allows it, and nothing else besides', () => {
    const policy = { allowLoopback: true };
    expect(addressRefusal('127.0.0.1', policy)).toBeNull();
    expect(addressRefusal('::1', policy)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', policy)).toBeNull();
    expect(addressRefusal('10.0.0.1', policy)).toBe('private');
    expect(addressRefusal('169.254.169.254', policy)).toBe('linkLocal');
    expect(addressRefusal('64:ff9b::7f00:1', policy)).toBe('rfc6052');
  });
});
