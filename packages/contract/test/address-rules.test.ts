// Proves the address check per network on real addresses: each network takes its own and refuses the
// others', a changed character fails the Base58Check or bech32 checksum, the comparison key ignores case
// only where the format does, and an EVM address in mixed case must carry EIP-55's checksum.
import { describe, expect, it } from 'vitest';
import { addressFits, addressKey, networkOfAddress } from '../src/address-rules.ts';

const EXAMPLES: Record<string, string[]> = {
  ERC20: ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77'],
  TRC20: ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  BTC: [
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ],
  LTC: ['LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz', 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN', 'ltc1qhzjptwpym9afcdjhs7jcz6jt0jma0l0rw86er2'],
};

describe('address formats', () => {
  it('takes each network its own addresses and refuses the others', () => {
    for (const [network, addresses] of Object.entries(EXAMPLES)) {
      for (const address of addresses) expect(addressFits(network, address), `${network} ${address}`).toBe(true);
      for (const [other, foreign] of Object.entries(EXAMPLES)) {
        if (other === network) continue;
        for (const address of foreign) expect(addressFits(network, address), `${network} refuses ${address}`).toBe(false);
      }
    }
    expect(addressFits('BEP20', EXAMPLES.ERC20![0]!)).toBe(true);
    expect(addressFits('trc20', EXAMPLES.TRC20![0]!)).toBe(true);
  });

  it('refuses one changed character by the checksum', () => {
    for (const address of ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', 'LaMT348PWRnrqeeWArpwQPbuanpXDZGEUy'])
      expect(networkOfAddress(['TRC20', 'BTC', 'LTC'], address), address).toBeUndefined();
    // Mixed case is not bech32; BTC's P2SH version is not taken for LTC.
    expect(addressFits('BTC', 'bc1qar0srrr7xfkvy5l643Lydnw9re59gtzzwf5mdq')).toBe(false);
    expect(addressFits('LTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(false);
    expect(addressFits('ERC20', '0x52908400098527886E0F7030069857D2E4169EE')).toBe(false);
    expect(addressFits('TRC20', '<script>')).toBe(false);
  });

  it('checks an unknown network loosely', () => {
    expect(addressFits('SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true);
    expect(addressFits('SOL', 'short')).toBe(false);
  });

  it('names the network an address belongs to, in configured order', () => {
    expect(networkOfAddress(['ERC20', 'TRC20'], EXAMPLES.TRC20![0]!)).toBe('TRC20');
    expect(networkOfAddress(['BTC', 'LTC'], EXAMPLES.LTC![2]!)).toBe('LTC');
    expect(networkOfAddress(['BTC'], EXAMPLES.LTC![0]!)).toBeUndefined();
  });

  it('compares hex and bech32 addresses case-insensitively and Base58 as typed', () => {
    expect(addressKey('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52908400098527886e0f7030069857d2e4169ee7');
    expect(addressKey('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    expect(addressKey('TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    expect(addressKey('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
  });
});

describe('EIP-55', () => {
  it('takes the standard’s own mixed-case examples and either single case, and refuses a flipped letter', () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(addressFits('ERC20', address), address).toBe(true);
      expect(addressFits('ERC20', address.toLowerCase()), address).toBe(true);
      expect(addressFits('ERC20', `0x${address.slice(2).toUpperCase()}`), address).toBe(true);
    }
    expect(addressFits('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(addressFits('BEP20', '0x52908400098527886E0F7030069857D2E4169Ee7')).toBe(false);
  });
});
