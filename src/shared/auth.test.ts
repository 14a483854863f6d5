import { describe, expect, it } from 'vitest';
import { passwordProblem } from './auth';

describe('the password policy', () => {
  it('asks for at least 10 characters', () => {
    expect(passwordProblem('123456789', 'ebi')).toBe('Use at least 10 characters.');
    expect(passwordProblem('1234567890', 'ebi')).toBeNull();
  });

  it('refuses the username, whatever its case or spacing', () => {
    expect(passwordProblem(' Director_Assessment ', 'director_assessment')).toBe(
      'Your password cannot be your username.',
    );
  });

  it('refuses an absurdly long one', () => {
    expect(passwordProblem('x'.repeat(257), 'ebi')).toMatch(/at most/);
  });
});
