/** Proves the realtime connection's rooms and session: rooms shared by screens are joined once and joined again on every connection, and a login or logout reconnects so the server learns the new token. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveToken, setState } from '../store/store.ts';
import { fakeSocket } from './fake-socket.ts';
import { disconnectRealtime, joinRoom, leaveRoom, onRealtime, SERVER_LEAVING_SPREAD_MS } from './socket.ts';

const BOOK = { channel: 'book', symbol: 'BTC/USDT' } as const;
const TICKER = { channel: 'ticker', symbol: 'BTC/USDT' } as const;
const subscriptions = (sent: { event: string }[]) => sent.filter((s) => s.event === 'subscribe' || s.event === 'unsubscribe');

describe('realtime connection', () => {
  afterEach(() => disconnectRealtime());

  it('reconnects when the user logs in, logs out or gets a 999, and joins its rooms again', () => {
    const socket = fakeSocket();
    joinRoom(TICKER);
    saveToken('a-token');
    expect(socket.reconnections).toBe(1);
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT']);
    setState({ lang: 'fra' });
    expect(socket.reconnections).toBe(1);
    clearSession();
    expect(socket.reconnections).toBe(2);
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT']);
  });

  it('joins a room two screens show once, and leaves it when the last one goes', () => {
    const socket = fakeSocket();
    joinRoom(BOOK);
    joinRoom(BOOK);
    expect(subscriptions(socket.sent)).toEqual([{ event: 'subscribe', payload: BOOK }]);
    leaveRoom(BOOK);
    expect(socket.rooms()).toEqual(['book:BTC/USDT']);
    leaveRoom(BOOK);
    expect(socket.rooms()).toEqual([]);
    expect(subscriptions(socket.sent)).toHaveLength(2);
  });

  it('sends nothing while disconnected and joins the rooms once on the next connection', () => {
    const socket = fakeSocket();
    socket.dropConnection();
    joinRoom(BOOK);
    expect(subscriptions(socket.sent)).toEqual([]);
    socket.connectAgain();
    expect(subscriptions(socket.sent)).toEqual([{ event: 'subscribe', payload: BOOK }]);
  });

  it('delivers events to a screen that listened before the connection existed (it opens after the first paint)', () => {
    const received: unknown[] = [];
    const stop = onRealtime('ticker', (payload) => received.push(payload));
    joinRoom(TICKER);
    const socket = fakeSocket();
    socket.serverSends('ticker', { symbol: 'BTC/USDT', close: '1' });
    expect(received).toEqual([{ symbol: 'BTC/USDT', close: '1' }]);
    expect(socket.rooms()).toEqual([]);
    socket.connectAgain();
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT']);
    stop();
    leaveRoom(TICKER);
    socket.serverSends('ticker', { symbol: 'BTC/USDT', close: '2' });
    expect(received).toHaveLength(1);
  });

  it('does not restart a connection still opening when the user logs in: its handshake carries the new token', () => {
    const socket = fakeSocket();
    socket.dropConnection();
    saveToken('a-token');
    expect(socket.reconnections).toBe(0);
    socket.connectAgain();
    expect(socket.reconnections).toBe(1);
    expect(socket.sent.filter((s) => s.event === 'disconnect')).toHaveLength(0);
  });

  it('restarts, once connected, a connection whose handshake went out before the login', () => {
    const socket = fakeSocket();
    socket.dropConnection();
    const handshake = socket.startHandshake();
    saveToken('a-token');
    expect(socket.reconnections).toBe(0);
    handshake.answer();
    // Connected with the old token: a new handshake, which reads the new one.
    expect(socket.reconnections).toBe(1);
    expect(socket.sent.filter((s) => s.event === 'disconnect')).toHaveLength(1);
  });

  it('connects again after a stopping server says so and disconnects; a disconnect without the hint stays final', () => {
    vi.useFakeTimers();
    try {
      const socket = fakeSocket();
      socket.serverSends('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(SERVER_LEAVING_SPREAD_MS);
      expect(socket.reconnections).toBe(0);
      socket.serverSends('server-leaving', undefined);
      socket.serverSends('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(SERVER_LEAVING_SPREAD_MS);
      expect(socket.reconnections).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
