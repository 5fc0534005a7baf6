// The Peers page (issue 21.3): a peer registered through the API, connected over Hamlet with
// mutual TLS to a DiscoveryService (a test double of another platform, e2e/helpers/hamlet-peer.ts)
// that offers one good service and one malformed one. Meridian stores the first and NACKs the
// second; the page shows the stream as connected, the offer, and the NACK with its message.
// Captured in light, dark and 390 px wide.
import { organisation } from "../tests/federation/certs";
import { hamletCa, hamletDir } from "./helpers/hamlet";
import { startTestDoublePeer } from "./helpers/hamlet-peer";
import { adminTest as test, expect, sameOrigin } from "./helpers/fixtures";

const APP_PORT = Number(process.env.MERIDIAN_E2E_PORT ?? 3210);
const PEER_PORT = APP_PORT + 8;

const GOOD = {
  name: "inventory.shop",
  fqdn: "inventory.shop.org-c.example",
  endpoints: [{ address: "84.15.190.249", port: 15443, labels: ["edge"] }],
  sans: ["spiffe://org-c.example/ns/shop/sa/inventory"],
  instances: [
    {
      id: "http-8080",
      protocol: "HTTP",
      metadata: { PORT: "8080", SNI: "outbound_.8080_._.inventory.shop.org-c.example" },
      endpoint_selector: ["edge"],
    },
  ],
};
const BROKEN = {
  name: "billing.shop",
  fqdn: "billing.shop.org-c.example",
  endpoints: [],
  sans: ["spiffe://org-c.example/ns/shop/sa/billing"],
  instances: [
    { id: "tcp", protocol: "TCP", metadata: { port: "9000" }, endpoint_selector: ["edge"] },
  ],
};

test("a peer's page shows its stream, what it offers and the NACK of a malformed service", async ({
  page,
  capture,
}) => {
  test.setTimeout(120_000);
  const org = organisation("org-c");
  const peer = await startTestDoublePeer(PEER_PORT, org, hamletCa(hamletDir(APP_PORT)), [
    GOOD,
    BROKEN,
  ]);
  try {
    const res = await page.request.post("/api/v1/peers", {
      headers: sameOrigin(),
      data: {
        name: "org-c",
        address: `localhost:${PEER_PORT}`,
        caPem: org.caPem,
        bundleEndpoint: "https://org-c.example/api/v1/trust/bundles/org-c.example",
        domains: ["org-c.example"],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await expect.poll(() => peer.answers.length, { timeout: 30_000 }).toBe(2);
    expect(peer.answers.find((a) => a.service === "inventory.shop")?.nack).toBeUndefined();
    expect(peer.answers.find((a) => a.service === "billing.shop")?.nack).toBe(
      "FederatedService billing.shop is malformed: endpoints: at least one endpoint is required",
    );

    await page.goto("/peers");
    await expect(page.getByRole("heading", { level: 1, name: "Peers" })).toBeVisible();
    const card = page.getByTestId("peer-org-c");
    await expect(card.getByTestId("peer-status")).toHaveText("Connected", { timeout: 20_000 });
    await expect(card.getByTestId("peer-domains")).toContainText("org-c.example");
    await expect(card.getByRole("button", { name: "Edit domains" })).toBeVisible();
    await expect(card.getByTestId("peer-last-nack")).toContainText("We refused what the peer sent");
    await expect(card.getByTestId("peer-last-nack")).toContainText(
      "endpoints: at least one endpoint is required",
    );
    const offers = card.getByRole("table", { name: "Services org-c offers" });
    await expect(offers).toContainText("inventory.shop.org-c.example");
    await expect(offers).not.toContainText("billing");
    await capture("peers");
    await page.emulateMedia({ colorScheme: "dark" });
    await capture("peers-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 390, height: 844 });
    await capture("peers-390");
  } finally {
    peer.close();
    await page.request.delete("/api/v1/peers/org-c", { headers: sameOrigin() });
  }
});
