import { describe, expect, it } from 'vitest';
import { badgeText, createTabBadgeService } from './tab-badge';

describe('tab badge', () => {
  it('shows nothing for 0, the count up to 999, then 999+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(999)).toBe('999');
    expect(badgeText(1000)).toBe('999+');
  });

  it('stores the count across reloads', () => {
    localStorage.clear();
    createTabBadgeService(localStorage).set('wallet', 12);
    expect(createTabBadgeService(localStorage).get('wallet')).toBe(12);
  });
});
