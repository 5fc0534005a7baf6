import { describe, expect, it } from "vitest";
import { parseFederatedService, toRemoteImport } from "./federated-service";

// What the published Hamlet spec allows a FederatedService to be (issue 35, defect 4), and what
// Meridian repeats back of a peer's text (defect 6). spec/service-discovery.md at vmware/hamlet
// 08f0195: "Complex Type Instance" and "Complex Type Endpoint", and the "CREATE" example.
const TLS_8443 = {
  name: "payments",
  fqdn: "payments.partner.example",
  endpoints: [{ address: "84.15.190.249", port: 15443, labels: ["edge"] }],
  instances: [
    {
      id: "tls",
      protocol: "TLS",
      // Reserved keys are upper case: "RESERVED KEYS are SNI|HOSTNAME|PORT".
      metadata: { SNI: "payments.partner.example", PORT: "8443" },
      endpoint_selector: ["edge"],
    },
  ],
};

describe("a FederatedService as the spec allows it", () => {
  it("reads the upper-case PORT and SNI", () => {
    const parsed = parseFederatedService({ ...TLS_8443, sans: ["spiffe://partner.example/sa/p"] });
    expect(parsed.ok && toRemoteImport("p", parsed.service, []).instances[0]).toMatchObject({
      port: 8443,
      sni: "payments.partner.example",
    });
  });

  it("accepts no SANs, and the spec example's URI:spiffe://… form", () => {
    const none = parseFederatedService({ ...TLS_8443, sans: [] });
    expect(none).toMatchObject({ ok: true, service: { sans: [] } });
    const uri = parseFederatedService({ ...TLS_8443, sans: ["URI:spiffe://db1.mysql.com"] });
    expect(uri).toMatchObject({ ok: true, service: { sans: ["spiffe://db1.mysql.com"] } });
  });

  it("accepts an instance whose selector matches no endpoint (it is associated to all)", () => {
    const parsed = parseFederatedService({
      ...TLS_8443,
      instances: [{ ...TLS_8443.instances[0]!, endpoint_selector: ["nowhere"] }],
    });
    expect(parsed.ok).toBe(true);
  });

  it("does not echo a huge name back in its NACK", () => {
    const parsed = parseFederatedService({
      ...TLS_8443,
      name: "n".repeat(1_000_000),
      endpoints: [],
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Buffer.byteLength(parsed.message)).toBeLessThan(600);
  });
});
