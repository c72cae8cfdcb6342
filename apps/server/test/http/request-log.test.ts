// One log line per request (http/request-log.ts): at debug for a plain answer, warn when slow, error on a
// 5xx, with the request id the answer carries in x-request-id and the path without its query.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { installRequestLog, requestLogLevel, requestLogOptions, SLOW_REQUEST_MS } from '../../src/http/request-log.ts';

function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, ...requestLogOptions });
  installRequestLog(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one debug line per request, with the id the answer carries and no query string', async () => {
    const { app, lines } = appLogging('debug');
    const res = await app.inject({ method: 'GET', url: '/ok?token=secret', headers: { 'x-request-id': 'forged' } });
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 20, method: 'GET', path: '/ok', status: 200, reqId: res.headers['x-request-id'] });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(lines)).not.toContain('secret');
    // Fastify's own "incoming request" and "request completed" lines are off.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    await app.close();
  });

  it('logs nothing for a plain answer at info, and a server error at error', async () => {
    const { app, lines } = appLogging('info');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    await app.inject({ method: 'GET', url: '/boom' });
    expect(lines.filter((l) => l.msg === 'request')).toMatchObject([{ level: 50, path: '/boom', status: 500 }]);
    await app.close();
  });

  it('picks the level from status and time (worked examples)', () => {
    expect(requestLogLevel(200, 12)).toBe('debug');
    expect(requestLogLevel(404, SLOW_REQUEST_MS)).toBe('debug');
    expect(requestLogLevel(200, SLOW_REQUEST_MS + 1)).toBe('warn');
    expect(requestLogLevel(503, 5)).toBe('error');
  });

  it('reads LOG_LEVEL, info when unset, and refuses an unknown level at start', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
