import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** / : fleet counts and the clusters grouped by region. */
export class OverviewPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly counts: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1, name: "Overview" });
    this.counts = page.getByRole("region", { name: "Fleet counts" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/");
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
  }

  /** The section of one region, e.g. "us-east-1". */
  region(name: string): Locator {
    return this.page.getByRole("region", { name, exact: true });
  }

  /** The cards (links) of the clusters shown in a region. */
  clusterCards(region: string): Locator {
    return this.region(region).getByRole("link");
  }

  /** A cluster's card, by its name in the card's accessible name "Display name (name)[, stale|, degraded]". */
  clusterCard(name: string): Locator {
    return this.page.getByRole("link", {
      name: new RegExp(`\\(${escapeRegExp(name)}\\)(, stale|, degraded)?$`),
    });
  }
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
