// The sign-in limit per account (issue 19, part 6) on the real database, with the default budget
// (5 per 60 s). The limiter's clock is Date.now (rate-limiter-flexible stamps each window's end
// with it and compares against it): the test moves that clock instead of waiting a minute.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetDatabase } from "../helpers/db";
import { newUser, PASSWORD, signIn } from "../helpers/sign-in";

/** Only Date is faked: timers, the pg driver and scrypt keep running on real time. */
function freezeClock(): { advance(ms: number): void } {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now });
  return {
    advance(ms) {
      now += ms;
      vi.setSystemTime(now);
    },
  };
}

describe("sign-in limit per account", () => {
  beforeAll(async () => {
    await resetDatabase();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    "refuses the 6th sign-in in a minute even with the right password, until the window passes",
    { timeout: 60_000 },
    async () => {
      await newUser("guessed@test.local");
      const clock = freezeClock();
      const ip = "198.51.100.7";
      for (let i = 0; i < 5; i++) {
        expect(await signIn("guessed@test.local", "wrong password", ip)).toBe("wrong");
        clock.advance(1_000);
      }
      // 5 s into the window: the right password is refused, for the rest of the minute.
      expect(await signIn("guessed@test.local", PASSWORD, ip)).toEqual({ refusedFor: 55 });
      // Another address does not help: the account's budget is spent.
      expect(await signIn("guessed@test.local", PASSWORD, "198.51.100.8")).toEqual({
        refusedFor: 55,
      });
      // One second before the window ends: still refused, right password and all.
      clock.advance(54_000);
      expect(await signIn("guessed@test.local", PASSWORD, ip)).toEqual({ refusedFor: 1 });
      // The window has passed: the right password works again.
      clock.advance(1_000);
      expect(await signIn("guessed@test.local", PASSWORD, ip)).toBe("signed-in");
    },
  );

  it("forgives an account's failures once it signs in", { timeout: 60_000 }, async () => {
    await newUser("forgetful@test.local");
    const ip = "198.51.100.20";
    for (let i = 0; i < 4; i++) await signIn("forgetful@test.local", "nope", ip);
    expect(await signIn("forgetful@test.local", PASSWORD, ip)).toBe("signed-in");
    for (let i = 0; i < 4; i++) {
      expect(await signIn("forgetful@test.local", "nope", ip)).toBe("wrong");
    }
    // The fifth failure after the success is still within the budget; the sixth attempt is not.
    expect(await signIn("forgetful@test.local", "nope", ip)).toBe("wrong");
    expect(await signIn("forgetful@test.local", PASSWORD, ip)).toMatchObject({
      refusedFor: expect.any(Number),
    });
  });
});
