import { describe, expect, it } from 'vitest';
import { lagosHour, timeOfDayGreeting } from './greeting';

describe('timeOfDayGreeting (Africa/Lagos, UTC+1 all year)', () => {
  it('reads the hour in Lagos, not in the browser', () => {
    expect(lagosHour(new Date('2025-06-01T10:30:00Z'))).toBe(11);
    expect(lagosHour(new Date('2025-06-01T23:30:00Z'))).toBe(0);
  });

  it('says morning until noon, afternoon until 5 pm, then evening', () => {
    expect(timeOfDayGreeting(new Date('2025-06-01T10:59:00Z'))).toBe('Good morning');
    expect(timeOfDayGreeting(new Date('2025-06-01T11:00:00Z'))).toBe('Good afternoon');
    expect(timeOfDayGreeting(new Date('2025-06-01T15:59:00Z'))).toBe('Good afternoon');
    expect(timeOfDayGreeting(new Date('2025-06-01T16:00:00Z'))).toBe('Good evening');
    expect(timeOfDayGreeting(new Date('2025-06-01T23:00:00Z'))).toBe('Good morning');
  });
});
