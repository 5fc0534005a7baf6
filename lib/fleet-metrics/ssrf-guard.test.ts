import { describe, expect, it } from "vitest";

import { createSsrfGuard, SsrfError, type HostResolver } from "@/lib/fleet-metrics/ssrf-guard";

// Injected resolver: a fixed table instead of DNS (the real resolver is node:dns lookup).
const table: Record<string, string[]> = {
  "prom.example.com": ["93.184.216.34"],
  "mixed.example.com": ["93.184.216.34", "10.1.2.3"],
  "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
  "internal.example.com": ["10.0.0.5"],
  "prom.monitoring.svc.cluster.local": ["10.96.0.10"],
  "sneaky.example.com": ["169.254.169.254"],
};
const resolver: HostResolver = async (host) => {
  const addrs = table[host];
  if (!addrs) throw new Error("ENOTFOUND");
  return addrs.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

async function reason(url: string, allow: string[] = []): Promise<string> {
  try {
    await createSsrfGuard({ allow, resolver }).check(url);
    return "ok";
  } catch (err) {
    expect(err).toBeInstanceOf(SsrfError);
    const e = err as SsrfError;
    // Generic: never echoes the URL or the host.
    expect(e.message).not.toContain(new URL(url.startsWith("http") ? url : "http://x").hostname);
    return e.reason;
  }
}

describe("ssrf guard", () => {
  it("accepts public http(s) URLs, resolved or literal", async () => {
    expect(await reason("https://prom.example.com/prometheus")).toBe("ok");
    expect(await reason("http://93.184.216.34:9090")).toBe("ok");
    expect(await reason("https://v6.example.com")).toBe("ok");
  });

  it("refuses other schemes and userinfo", async () => {
    expect(await reason("file:///etc/passwd")).toBe("scheme");
    expect(await reason("gopher://prom.example.com")).toBe("scheme");
    expect(await reason("https://user:pw@prom.example.com")).toBe("userinfo");
    expect(await reason("https://user@prom.example.com")).toBe("userinfo");
    expect(await reason("not a url")).toBe("invalid-url");
  });

  it.each([
    "http://127.0.0.1:9090",
    "http://127.1",
    "http://2130706433",
    "http://0x7f.0.0.1",
    "http://0.0.0.0",
    "http://[::1]:9090",
    "http://[::ffff:127.0.0.1]",
    "http://10.0.0.1",
    "http://172.16.5.4",
    "http://172.31.255.255",
    "http://192.168.1.1",
    "http://100.64.0.1",
    "http://169.254.1.1",
    "http://[fe80::1]",
    "http://[fc00::1]",
    "http://[fd12:3456::1]",
  ])("refuses loopback/private/link-local %s", async (url) => {
    expect(await reason(url)).toBe("address");
  });

  // Embedded-IPv4 forms and special-purpose ranges (issue 19, part 7): each was saved as a
  // metrics source by the hand-listed guard.
  it.each([
    "http://[64:ff9b::7f00:1]/", // NAT64 (RFC 6052) of 127.0.0.1
    "http://[64:ff9b::10.0.0.1]/", // NAT64 of a private address
    "http://[::127.0.0.1]/", // IPv4-compatible loopback
    "http://[::10.1.2.3]/", // IPv4-compatible private
    "http://[::ffff:0:127.0.0.1]/", // IPv4-translated (RFC 6145)
    "http://[2002:7f00:1::]/", // 6to4 (RFC 3056) of 127.0.0.1
    "http://[2002:c0a8:101::1]/", // 6to4 of 192.168.1.1
    "http://[64:ff9b:1::1]/", // local-use NAT64 prefix (RFC 8215)
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", // Teredo
    "http://[ff02::1]/", // IPv6 multicast
    "http://[2001:db8::1]/", // documentation
    "http://198.18.0.1/", // benchmarking (RFC 2544)
    "http://224.0.0.1/", // multicast
    "http://240.0.0.1/", // reserved (class E)
    "http://255.255.255.255/", // limited broadcast
    "http://192.0.2.1/", // documentation (TEST-NET-1)
    "http://192.0.0.8/", // IETF protocol assignments
  ])("refuses embedded-IPv4 and special-purpose %s", async (url) => {
    expect(await reason(url)).toBe("address");
  });

  it("refuses a resolved name whose address is an embedded-IPv4 form", async () => {
    table["nat64.example.com"] = ["64:ff9b::a00:1"];
    expect(await reason("http://nat64.example.com")).toBe("address");
  });

  it("accepts the embedded-IPv4 forms of a public address", async () => {
    expect(await reason("http://[64:ff9b::5db8:d822]/")).toBe("ok"); // NAT64 of 93.184.216.34
    expect(await reason("http://[2002:5db8:d822::1]/")).toBe("ok"); // 6to4 of 93.184.216.34
    expect(await reason("http://[::ffff:93.184.216.34]/")).toBe("ok");
  });

  it("does not refuse neighbours of private ranges", async () => {
    expect(await reason("http://172.32.0.1")).toBe("ok");
    expect(await reason("http://100.128.0.1")).toBe("ok");
    expect(await reason("http://11.0.0.1")).toBe("ok");
  });

  it("refuses metadata endpoints even when allow-listed", async () => {
    const allow = ["169.254.0.0/16", "fd00::/8", "metadata.google.internal", "0.0.0.0/0"];
    expect(await reason("http://169.254.169.254/latest/meta-data", allow)).toBe("address");
    expect(await reason("http://[fd00:ec2::254]", allow)).toBe("address");
    expect(await reason("http://metadata.google.internal", allow)).toBe("address");
    expect(await reason("http://sneaky.example.com", allow)).toBe("address");
  });

  it.each([
    "http://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
    "http://[::ffff:169.254.169.254]/", // IPv4-mapped
    "http://[::169.254.169.254]/", // IPv4-compatible
    "http://[2002:a9fe:a9fe::]/", // 6to4
    "http://[64:ff9b::6464:64c8]/", // NAT64 of Alibaba's 100.100.100.200
  ])("refuses embedded metadata addresses even when allow-listed: %s", async (url) => {
    const allow = ["0.0.0.0/0", "::/0", "169.254.169.254"];
    expect(await reason(url, allow)).toBe("address");
  });

  it("checks every resolved address", async () => {
    expect(await reason("http://mixed.example.com")).toBe("address");
    expect(await reason("http://internal.example.com")).toBe("address");
    expect(await reason("http://nowhere.example.com")).toBe("unresolvable");
  });

  it("lets the admin allow-list permit CIDRs, addresses and hosts", async () => {
    expect(await reason("http://127.0.0.1:9090", ["127.0.0.1/32"])).toBe("ok");
    expect(await reason("http://127.0.0.2:9090", ["127.0.0.1/32"])).toBe("address");
    expect(await reason("http://[::1]:9090", ["::1"])).toBe("ok");
    expect(await reason("http://internal.example.com", ["10.0.0.0/8"])).toBe("ok");
    expect(await reason("http://internal.example.com", ["internal.example.com"])).toBe("ok");
    expect(await reason("http://prom.monitoring.svc.cluster.local", ["*.svc.cluster.local"])).toBe(
      "ok",
    );
    expect(await reason("http://mixed.example.com", ["10.1.0.0/16"])).toBe("ok");
  });

  it("lets the allow-list permit an embedded form by its IPv4 or IPv6 address", async () => {
    expect(await reason("http://[64:ff9b::7f00:1]/", ["127.0.0.0/8"])).toBe("ok");
    expect(await reason("http://[::ffff:10.0.0.1]/", ["10.0.0.0/8"])).toBe("ok");
    expect(await reason("http://[2002:7f00:1::]/", ["2002::/16"])).toBe("ok");
    expect(await reason("http://[2002:7f00:1::]/", ["10.0.0.0/8"])).toBe("address");
    expect(await reason("http://198.18.0.1/", ["198.18.0.0/15"])).toBe("ok");
  });

  it("rejects a malformed allow-list CIDR", () => {
    expect(() => createSsrfGuard({ allow: ["10.0.0.0/33"] })).toThrow(/invalid allow-list/);
  });
});
