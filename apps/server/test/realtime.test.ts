// Proves socket.io rides on the API's own server: a client connects over polling, upgrades to
// websocket, and receives a `server-time` event every second.
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPriceFeed } from '../src/markets/price-feed.ts';
import { attachRealtime, type Realtime } from '../src/realtime/socket.ts';
import { makeTestApp, type TestApp } from './support/app.ts';

let test: TestApp;
let realtime: Realtime;
let url: string;
beforeAll(async () => {
  test = await makeTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  realtime = await attachRealtime(test.app.server, { bus: test.ctx.bus });
  url = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await test.close();
});

describe('realtime', () => {
  it('sends server-time every second and upgrades from polling to websocket', async () => {
    const socket = connect(url, { path: '/socket.io', transports: ['polling', 'websocket'] });
    const upgraded = new Promise<string>((resolve) => socket.io.engine.once('upgrade', (transport) => resolve(transport.name)));
    const times: string[] = [];
    await new Promise<void>((resolve) => {
      socket.on('server-time', (event: { now: string }) => {
        times.push(event.now);
        if (times.length === 2) resolve();
      });
    });
    expect(await upgraded).toBe('websocket');
    const gap = Date.parse(times[1]!) - Date.parse(times[0]!);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThanOrEqual(1500);
    socket.close();
  });

  it('delivers ticker and kline updates only for the symbols a client subscribed to', async () => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.emit('subscribe', 'ETH/USDT');
    await new Promise((r) => setTimeout(r, 100));
    const tickers: { symbol: string; price: string }[] = [];
    const klines: { symbol: string; period: string }[] = [];
    socket.on('ticker', (t) => tickers.push(t));
    socket.on('kline', (k) => klines.push(k));
    const ticks = (test.ctx.markets.feed as SimulatedPriceFeed).step();
    await expect.poll(() => klines.length).toBe(9);
    expect(tickers).toEqual([ticks.find((t) => t.symbol === 'ETH/USDT')]);
    expect(new Set(klines.map((k) => k.symbol))).toEqual(new Set(['ETH/USDT']));
    socket.close();
  });
});
