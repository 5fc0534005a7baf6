import { expect, type Locator, type Page } from "@playwright/test";
import { AppShell } from "./app-shell";

/** /clusters: the table of every cluster. */
export class ClustersPage {
  readonly shell: AppShell;
  readonly heading: Locator;
  readonly table: Locator;
  /** The admin-only "Add cluster" button in the page header. */
  readonly addButton: Locator;
  readonly addDialog: AddClusterDialog;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.heading = page.getByRole("heading", { level: 1, name: "Clusters" });
    this.table = page.getByRole("table", { name: "Clusters" });
    this.addButton = page.getByRole("main").getByRole("button", { name: "Add cluster" });
    this.addDialog = new AddClusterDialog(page);
  }

  async goto(): Promise<void> {
    await this.page.goto("/clusters");
    await expect(this.heading).toBeVisible();
  }

  /** A cluster's row; each row shows the cluster's technical name under its display name. */
  row(name: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async open(name: string): Promise<void> {
    await this.row(name).getByRole("link").first().click();
  }
}

/** The "Add cluster" dialog: the form, then the join token and install command, shown once. */
export class AddClusterDialog {
  readonly root: Locator;
  readonly name: Locator;
  readonly region: Locator;
  readonly submit: Locator;
  readonly token: Locator;
  readonly installCommand: Locator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("add-cluster-dialog");
    this.name = this.root.getByLabel("Name", { exact: true });
    this.region = this.root.getByLabel("Region", { exact: true });
    this.submit = this.root.getByRole("button", { name: "Add cluster" });
    this.token = this.root.getByLabel("Join token");
    this.installCommand = this.root.getByLabel("Install command (Helm)");
    this.saved = this.root.getByRole("button", { name: "I've saved it" });
  }

  /** The inline error shown under a field (what its control's aria-describedby points at). */
  fieldError(field: "name" | "region" | "zone"): Locator {
    return this.root.locator(`#cluster-${field}-error`);
  }
}

/** /clusters/[name]: one cluster's meshes, services and agent. */
export class ClusterDetailPage {
  readonly shell: AppShell;
  readonly breadcrumb: Locator;
  readonly meshes: Locator;
  readonly services: Locator;
  readonly agentPanel: Locator;
  /** "In sync · generation N", "Applying generation N, cluster at M", … */
  readonly syncStatus: Locator;
  readonly applyProblems: Locator;
  /** The pending cluster's "accept" callout. */
  readonly acceptCallout: Locator;
  readonly acceptButton: Locator;
  readonly stateBadge: Locator;
  readonly dangerZone: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    this.meshes = page.getByRole("table", { name: "Meshes" });
    this.services = page.getByRole("table", { name: "Services in this cluster" });
    this.agentPanel = page.getByTestId("agent-panel");
    this.syncStatus = this.agentPanel.getByTestId("sync-status");
    this.applyProblems = this.agentPanel.getByTestId("apply-problems");
    this.acceptCallout = page.getByTestId("accept-cluster");
    this.acceptButton = this.acceptCallout.getByRole("button", { name: "Accept cluster" });
    this.stateBadge = page.getByTestId("cluster-badges").getByTestId("cluster-state");
    this.dangerZone = page.getByTestId("cluster-danger-zone");
  }

  async goto(name: string): Promise<void> {
    await this.page.goto(`/clusters/${encodeURIComponent(name)}`);
  }

  /** The service names in the services table (the first line of the Name column). */
  async serviceNames(): Promise<string[]> {
    const cells = this.services.getByRole("row").locator("td:nth-child(2) > :first-child");
    return (await cells.allInnerTexts()).map((s) => s.trim());
  }
}
