import { describe, expect, it } from 'vitest';
import { buildPath, serviceOf, type RouteDefinition } from './route';
import { routeAreas, routes } from './routes';

describe('the route table', () => {
  it('holds every route of every area once, as the area defines it, and nothing else (the areas of the reference)', () => {
    const table: Record<string, RouteDefinition> = routes;
    const owners = new Map<string, string[]>();
    for (const [group, groupRoutes] of Object.entries(routeAreas)) {
      for (const [name, definition] of Object.entries(groupRoutes)) {
        owners.set(name, [...(owners.get(name) ?? []), group]);
        expect(table[name], name).toBe(definition);
      }
    }
    expect([...owners].filter(([, owning]) => owning.length > 1)).toEqual([]);
    expect(Object.keys(table).sort()).toEqual([...owners.keys()].sort());
  });

  it('says of every route what it answers: JSON of a schema, a file or a stream, one of them', () => {
    const table: Record<string, RouteDefinition> = routes;
    const unclear = Object.entries(table)
      .filter(([, r]) => [r.response, r.download, r.stream].filter(Boolean).length !== 1)
      .map(([name]) => name);
    expect(unclear).toEqual([]);
  });

  it('has one route per method and path', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, { method, path }] of Object.entries(routes)) {
      const key = `${method} ${path}`;
      const earlier = seen.get(key);
      if (earlier) clashes.push(`${earlier} and ${name}: ${key}`);
      seen.set(key, name);
    }
    expect(clashes).toEqual([]);
  });
});

describe('buildPath', () => {
  it('fills each parameter, URL-encoded', () => {
    expect(buildPath(routes.removeFriend.path, { id: 'a/b', friendId: 7 })).toBe(
      '/api/users/a%2Fb/friends/7',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath(routes.getUser.path)).toThrow('Missing path parameter id');
  });
});

describe('serviceOf', () => {
  it('sends reads to the query service and everything else to the command service', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].map(serviceOf)).toEqual([
      'query',
      'query',
      'command',
      'command',
      'command',
    ]);
  });
});
