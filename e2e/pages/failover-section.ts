import { expect, type Locator, type Page } from "@playwright/test";
import { PlanReviewPanel } from "./sharing-page";

/** The failover editor on a global service page (/services/[namespace]/[name]). */
export class FailoverSection {
  readonly root: Locator;
  readonly enable: Locator;
  readonly reviewButton: Locator;
  readonly problems: Locator;
  readonly serving: Locator;
  readonly plan: PlanReviewPanel;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("failover-section");
    this.enable = this.root.getByLabel("Fail over between clusters in a set order");
    this.reviewButton = this.root.getByRole("button", { name: "Review plan" });
    this.problems = this.root.getByTestId("failover-problems");
    this.serving = this.root.getByTestId("who-serves-whom");
    this.plan = new PlanReviewPanel(page);
  }

  async goto(namespace: string, name: string): Promise<void> {
    await this.page.goto(`/services/${namespace}/${name}`);
    await expect(this.root).toBeVisible();
  }

  tier(n: number): Locator {
    return this.root.getByTestId(`failover-tier-${n}`);
  }

  moveUp(cluster: string): Locator {
    return this.clusterChip(cluster).getByRole("button", { name: /up a tier$/ });
  }

  moveDown(cluster: string): Locator {
    return this.clusterChip(cluster).getByRole("button", { name: /down a tier$/ });
  }

  clusterChip(cluster: string): Locator {
    return this.root.getByTestId(`failover-cluster-${cluster}`);
  }
}
