import { describe, expect, it } from "vitest";
import { expiryText } from "./trust-certs";

describe("expiry text", () => {
  it("says days within two months, months within two years, years beyond", () => {
    expect(expiryText(1, "critical")).toBe("1 day left");
    expect(expiryText(29, "expiring")).toBe("29 days left");
    expect(expiryText(59, "ok")).toBe("59 days left");
    expect(expiryText(90, "ok")).toBe("3 months left");
    expect(expiryText(3649, "ok")).toBe("9 years left");
    expect(expiryText(-3, "expired")).toBe("Expired");
  });
});
