// A fleet-wide plan of the demo (issue 20): every global service exported from every cluster
// that runs it and imported everywhere else, reviewed but not applied. The capture shows every
// plan warning at once, so a reader can judge the noise; the warnings' text is attached too.
import { adminTest as test, expect } from "./helpers/fixtures";
import { SharingPage } from "./pages/sharing-page";

test("a fleet-wide plan of the demo shows its warnings, each naming its cluster and service", async ({
  page,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const sharing = new SharingPage(page);
  await sharing.goto();
  const imports = sharing.matrix.getByRole("button", { name: /^Import / });
  const labels = await imports.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  let edits = 0;
  for (const label of labels) {
    const m = /^Import (\S+) into (\S+)$/.exec(label ?? "");
    if (!m) continue;
    const [, service, cluster] = m as unknown as [string, string, string];
    const exportToggle = sharing.exportToggle(service, cluster);
    const toggle = (await exportToggle.count())
      ? exportToggle
      : sharing.importToggle(service, cluster);
    if ((await toggle.getAttribute("aria-pressed")) === "true") continue;
    await toggle.click();
    edits++;
  }
  expect(edits).toBeGreaterThan(5);
  await sharing.reviewButton.click();
  await expect(sharing.plan.root).toBeVisible();
  const warnings = page.getByTestId("plan-warnings");
  await expect(warnings).toBeVisible();
  const text = await warnings.innerText();
  await testInfo.attach("plan-warnings.txt", { body: text, contentType: "text/plain" });
  // Every warning names where it applies: a cluster, a service, or both.
  const items = warnings.getByRole("listitem");
  expect(await items.count()).toBeGreaterThan(0);
  await capture("fleet-plan");
  await sharing.plan.backButton.click();
  await sharing.discardButton.click();
});
