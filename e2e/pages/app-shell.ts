import type { Locator, Page } from "@playwright/test";

/** The frame around every signed-in page: sidebar navigation and the top bar. */
export class AppShell {
  readonly nav: Locator;
  readonly currentUser: Locator;
  readonly signOutButton: Locator;

  constructor(readonly page: Page) {
    // The sidebar and the mobile bar are both "Main" navigation; only one is visible.
    this.nav = page.getByRole("navigation", { name: "Main" }).locator("visible=true");
    this.currentUser = page.getByTestId("current-user");
    this.signOutButton = page.getByRole("button", { name: "Sign out" });
  }

  async navigateTo(item: "Overview" | "Clusters" | "Services" | "API tokens"): Promise<void> {
    await this.nav.getByRole("link", { name: item, exact: true }).click();
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
