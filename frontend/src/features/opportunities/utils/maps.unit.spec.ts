import { describe, expect, it } from 'vitest';
import { mapsSearchUrl } from './maps';

describe('the location link', () => {
  it('links an address to a maps search', () => {
    expect(mapsSearchUrl('100 River Rd, Lexington & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=100%20River%20Rd%2C%20Lexington%20%26%20Co',
    );
  });
});
