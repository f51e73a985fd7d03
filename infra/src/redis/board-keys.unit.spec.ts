import { describe, expect, it } from 'vitest';
import { ORGANIZATION_TYPES, organizationTypeBoardSlug } from '@campus/contracts';
import { organizationTypeOfSlug, organizationTypeSlug } from './board-keys';

describe('leaderboard tabs and Redis board keys', () => {
  it('name each organization type with the same slug on both sides', () => {
    for (const type of ORGANIZATION_TYPES) {
      expect(organizationTypeBoardSlug(type)).toBe(organizationTypeSlug(type));
      expect(organizationTypeOfSlug(organizationTypeBoardSlug(type))).toBe(type);
    }
  });
});
