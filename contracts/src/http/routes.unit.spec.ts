import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin-routes';
import { auditRoutes } from './audit-routes';
import { calendarRoutes } from './calendar-routes';
import { checkInRoutes } from './check-in-routes';
import { configRoutes } from './config-routes';
import { filesRoutes } from './files-routes';
import { friendshipsRoutes } from './friendships-routes';
import { impactRoutes } from './impact-routes';
import { leaderboardRoutes } from './leaderboard-routes';
import { operationsRoutes } from './operations-routes';
import { opportunitiesRoutes } from './opportunities-routes';
import { organizationsRoutes } from './organizations-routes';
import { privacyRoutes } from './privacy-routes';
import { profileRoutes } from './profile-routes';
import { buildPath, serviceOf, type RouteDefinition } from './route';
import { reportsRoutes } from './reports-routes';
import { routes } from './routes';
import { scoringRoutes } from './scoring-routes';
import { searchRoutes } from './search-routes';
import { serviceHoursRoutes } from './service-hours-routes';
import { transcriptsRoutes } from './transcripts-routes';
import { usersRoutes } from './users-routes';
import { waitlistRoutes } from './waitlist-routes';

const groups: Record<string, Record<string, RouteDefinition>> = {
  adminRoutes,
  auditRoutes,
  calendarRoutes,
  checkInRoutes,
  configRoutes,
  filesRoutes,
  friendshipsRoutes,
  impactRoutes,
  leaderboardRoutes,
  operationsRoutes,
  opportunitiesRoutes,
  organizationsRoutes,
  privacyRoutes,
  profileRoutes,
  reportsRoutes,
  scoringRoutes,
  searchRoutes,
  serviceHoursRoutes,
  transcriptsRoutes,
  usersRoutes,
  waitlistRoutes,
};

describe('the route table', () => {
  it('holds every route of every area once, as the area defines it, and nothing else', () => {
    const table: Record<string, RouteDefinition> = routes;
    const owners = new Map<string, string[]>();
    for (const [group, groupRoutes] of Object.entries(groups)) {
      for (const [name, definition] of Object.entries(groupRoutes)) {
        owners.set(name, [...(owners.get(name) ?? []), group]);
        expect(table[name], name).toBe(definition);
      }
    }
    expect([...owners].filter(([, owning]) => owning.length > 1)).toEqual([]);
    expect(Object.keys(table).sort()).toEqual([...owners.keys()].sort());
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
