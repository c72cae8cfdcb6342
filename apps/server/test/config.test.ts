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
