import { describe, expect, it } from "vitest";
import { clientIp, headerGetter, type HeaderGetter } from "@/lib/api/client-ip";
import { PEER_HEADER } from "@/lib/infra/peer-address";

const headers = (h: Record<string, string>): HeaderGetter => headerGetter(h);

describe("clientIp", () => {
  it("ignores X-Forwarded-For by default: the TCP peer is the client", () => {
    const h = headers({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    expect(clientIp(h)).toBe("203.0.113.9");
    expect(clientIp(h, 0)).toBe("203.0.113.9");
  });

  it("behind one proxy, takes the address that proxy appended, not what the client wrote", () => {
    // The client forged "1.2.3.4"; the ingress (peer 10.0.0.5) appended the address it saw.
    const h = headers({ [PEER_HEADER]: "10.0.0.5", "x-forwarded-for": "1.2.3.4, 203.0.113.9" });
    expect(clientIp(h, 1)).toBe("203.0.113.9");
  });

  it("behind two proxies, skips both", () => {
    const h = headers({
      [PEER_HEADER]: "10.0.0.5",
      "x-forwarded-for": "1.2.3.4, 203.0.113.9, 10.0.0.4",
    });
    expect(clientIp(h, 2)).toBe("203.0.113.9");
  });

  it("unwraps IPv4-mapped IPv6 and lower-cases IPv6", () => {
    expect(clientIp(headers({ [PEER_HEADER]: "::ffff:192.0.2.1" }))).toBe("192.0.2.1");
    expect(clientIp(headers({ [PEER_HEADER]: "2001:DB8::1" }))).toBe("2001:db8::1");
  });

  it("answers 'unknown' without an address, or for garbage", () => {
    expect(clientIp(headers({}))).toBe("unknown");
    expect(clientIp(headers({ [PEER_HEADER]: "not-an-ip" }))).toBe("unknown");
    expect(clientIp(headers({ "x-forwarded-for": "198.51.100.1" }))).toBe("unknown");
  });
});
