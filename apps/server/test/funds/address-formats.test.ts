// Proves the address check per network as the server applies it: each seeded network takes its own
// addresses and refuses the others' (the checksums are proved in the contract's address-rules test).
import { describe, expect, it } from 'vitest';
import { addressFits, networkOfAddress } from '../../src/funds/rules.ts';

const EXAMPLES: Record<string, string[]> = {
  ERC20: ['0x52908400098527886E0F7030069857D2E4169EE7'],
  TRC20: ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL'],
  BTC: ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
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
  });

  it('names the network an address belongs to, in configured order', () => {
    expect(networkOfAddress(['ERC20', 'TRC20'], EXAMPLES.TRC20![0]!)).toBe('TRC20');
    expect(networkOfAddress(['BTC', 'LTC'], EXAMPLES.LTC![2]!)).toBe('LTC');
    expect(networkOfAddress(['BTC'], EXAMPLES.LTC![0]!)).toBeUndefined();
  });
});
