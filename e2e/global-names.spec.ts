import { adminTest as test, expect } from "./helpers/fixtures";

// The rename itself is covered by tests/api/global-hostname.test.ts: applying it here would
// bump every global service's version under the specs running beside this one.
test("global names: the suffix in use, the other one offered with a confirmation", async ({
  page,
  capture,
}) => {
  await page.goto("/settings/global-names");
  await expect(page.getByRole("heading", { name: "Global names" })).toBeVisible();
  const choices = page.getByRole("group", { name: "Global hostname suffix" });
  await expect(choices.getByRole("radio")).toHaveCount(2);
  const inUse = choices.locator("label", { hasText: "(in use)" });
  await expect(inUse).toHaveCount(1);
  await expect(inUse.getByRole("radio")).toBeChecked();
  const rename = page.getByRole("button", { name: "Rename global hosts" });
  await expect(rename).toBeDisabled();
  await capture("global-names");

  await choices.locator("label", { hasNotText: "(in use)" }).getByRole("radio").check();
  await expect(rename).toBeEnabled();
  await rename.click();
  const dialog = page.getByTestId("global-names-confirm");
  await expect(dialog).toContainText(/All \d+ global services get the new name at once/);
  await capture("global-names-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(choices.locator("label", { hasText: "(in use)" }).getByRole("radio")).toBeChecked();
});
