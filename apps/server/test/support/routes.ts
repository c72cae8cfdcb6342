/**
 * The app's route table, read from Fastify's printed tree, for the tests that prove which routes exist
 * at all (no route writes a product's results, orders or payouts; every input schema is fuzzed).
 */
import type { FastifyInstance } from 'fastify';

export type Route = { method: string; url: string };

/** Every registered route with its full path; HEAD, Fastify's mirror of each GET, is left out. */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S*)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    stack.length = match[1]!.length / 4;
    stack.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** The routes that can change something (any method but GET and OPTIONS) whose path matches `path`, as sorted "METHOD /path" lines. */
export function writeRoutes(app: FastifyInstance, path: RegExp): string[] {
  return routesOf(app)
    .filter((route) => route.method !== 'GET' && route.method !== 'OPTIONS' && path.test(route.url))
    .map((route) => `${route.method} ${route.url}`)
    .sort();
}
