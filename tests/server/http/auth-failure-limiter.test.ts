import { AuthFailureLimiter } from '../../../src/server/http/auth-failure-limiter';

describe('AuthFailureLimiter', () => {
  it('refuses an address past its failures until the window ends, per address', () => {
    let now = 0;
    const limiter = new AuthFailureLimiter({ limit: 2, windowMs: 1000 }, () => now);
    limiter.recordFailure('127.0.0.1');
    expect(limiter.retryAfterMs('127.0.0.1')).toBe(0);
    limiter.recordFailure('127.0.0.1');
    now = 250;
    expect(limiter.retryAfterMs('127.0.0.1')).toBe(750);
    expect(limiter.retryAfterMs('::1')).toBe(0);
    now = 1000;
    expect(limiter.retryAfterMs('127.0.0.1')).toBe(0);
    limiter.recordFailure('127.0.0.1');
    expect(limiter.retryAfterMs('127.0.0.1')).toBe(0);
  });
});
