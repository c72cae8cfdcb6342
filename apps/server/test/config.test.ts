// Proves the limits an operator may set in the environment: read when given, refused when not a whole
// number above 0 (the start stops with the variable's name), DEFAULT_LIMITS otherwise.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('limits from the environment', () => {
  it('reads CODES_PER_ADDRESS_PER_HOUR and SOCKET_CONNECTIONS_PER_ADDRESS_MAX when they are set, and nothing otherwise', () => {
    expect(loadConfig({ CODES_PER_ADDRESS_PER_HOUR: '1000', SOCKET_CONNECTIONS_PER_ADDRESS_MAX: '7' }).limits).toEqual({ codesPerIpPerHour: 1000, socketConnectionsPerAddressMax: 7 });
    expect(loadConfig({}).limits).toEqual({});
  });

  it('refuses a value that is not a whole number above 0, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many']) expect(() => loadConfig({ CODES_PER_ADDRESS_PER_HOUR: bad })).toThrow(/CODES_PER_ADDRESS_PER_HOUR/);
  });
});

describe('the price feed a start may run on (money review 2, fairness 1b)', () => {
  it('refuses a production start on the simulated feed (PRICE_FEED unset or simulation), saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PRICE_FEED=public.*SIMULATED_PRICES=allow/);
    expect(() => loadConfig({ NODE_ENV: 'production', PRICE_FEED: 'simulation' })).toThrow(/simulated price feed/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIMULATED_PRICES: 'yes' })).toThrow(/SIMULATED_PRICES/);
  });

  it('starts a production demo only with SIMULATED_PRICES=allow, and says the prices are simulated; a public feed is not', () => {
    expect(loadConfig({ NODE_ENV: 'production', SIMULATED_PRICES: 'allow' })).toMatchObject({ production: true, priceFeed: 'simulation', simulatedPrices: true });
    expect(loadConfig({ NODE_ENV: 'production', PRICE_FEED: 'public' })).toMatchObject({ production: true, priceFeed: 'public', simulatedPrices: false });
    expect(loadConfig({})).toMatchObject({ production: false, simulatedPrices: true });
  });

  it('has no seed unless MARKET_SEED is set (the simulation then draws from node:crypto), and refuses one that is not a 32-bit whole number', () => {
    expect(loadConfig({}).marketSeed).toBeUndefined();
    expect(loadConfig({ MARKET_SEED: '20261122' }).marketSeed).toBe(20261122);
    for (const bad of ['-1', '1.5', 'x', '4294967296']) expect(() => loadConfig({ MARKET_SEED: bad })).toThrow(/MARKET_SEED/);
  });
});
