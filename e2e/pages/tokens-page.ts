import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /settings/tokens: create, list and revoke personal API tokens. */
export class TokensPage {
  readonly shell: AppShell;
  readonly nameInput: Locator;
  readonly expiryInput: Locator;
  readonly createButton: Locator;
  readonly createdDialog: Locator;
  readonly newTokenValue: Locator;
  readonly savedButton: Locator;
  readonly table: Locator;
  readonly revokeDialog: Locator;
  /** "Show revoked (n)" / "Hide revoked": revoked tokens are hidden by default. */
  readonly revokedToggle: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.nameInput = page.getByLabel("Token name");
    this.expiryInput = page.getByLabel("Expires in (days)");
    this.createButton = page.getByRole("button", { name: "Create token" });
    this.createdDialog = page.getByRole("dialog", { name: /^Token .* created$/ });
    this.newTokenValue = this.createdDialog.getByLabel("API token");
    this.savedButton = this.createdDialog.getByRole("button", { name: "I've saved it" });
    this.table = page.getByRole("table", { name: "API tokens" });
    this.revokeDialog = page.getByRole("dialog", { name: "Revoke token?" });
    this.revokedToggle = page.getByTestId("toggle-revoked");
  }

  async goto(): Promise<void> {
    await this.page.goto("/settings/tokens");
    await expect(this.nameInput).toBeVisible();
  }

  /** Create a token and return its plaintext, read from the shown-once dialog. */
  async create(name: string): Promise<string> {
    await this.nameInput.fill(name);
    await this.createButton.click();
    await expect(this.createdDialog).toBeVisible();
    await expect(this.newTokenValue).toHaveValue(/\S/);
    await expect(this.newTokenValue).toBeVisible();
    return this.newTokenValue.inputValue();
  }

  async showRevoked(): Promise<void> {
    await this.revokedToggle.click();
    await expect(this.revokedToggle).toHaveAttribute("aria-pressed", "true");
  }

  async dismissCreated(): Promise<void> {
    await this.savedButton.click();
    await expect(this.createdDialog).toBeHidden();
  }

  row(name: string): Locator {
    return this.table
      .getByRole("row")
      .filter({ has: this.page.getByRole("cell", { name, exact: true }) });
  }

  async revoke(name: string): Promise<void> {
    await this.row(name)
      .getByRole("button", { name: `Revoke ${name}` })
      .click();
    await expect(this.revokeDialog).toBeVisible();
    await this.revokeDialog.getByRole("button", { name: "Revoke token" }).click();
    await expect(this.revokeDialog).toBeHidden();
  }
}
