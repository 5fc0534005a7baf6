import { describe, expect, it } from "vitest";
import { agentChartUrl, agentInstallCommand, agentUrlWarnings } from "./install-command";

describe("the agent install command", () => {
  it("installs the chart from the URL Meridian serves it at", () => {
    const chartUrl = agentChartUrl("https://meridian.example.com/", "meridian-agent-0.1.0.tgz");
    expect(chartUrl).toBe("https://meridian.example.com/charts/meridian-agent-0.1.0.tgz");
    const command = agentInstallCommand({
      url: "https://meridian.example.com",
      chartUrl,
      cluster: "east-1",
      joinToken: "mrd_join_x",
    });
    expect(command.split(" \\\n  ")).toEqual([
      `helm upgrade --install meridian-agent ${chartUrl}`,
      "--namespace meridian-system --create-namespace",
      "--set meridian.url=https://meridian.example.com",
      "--set cluster.name=east-1",
      "--set joinToken=mrd_join_x",
    ]);
    expect(command).not.toContain("./deploy/agent");
  });

  it.each([
    "http://localhost:3000",
    "http://meridian.localhost",
    "http://127.0.0.1:3000",
    "http://127.9.8.7",
    "http://[::1]:3000",
    "http://0.0.0.0:3000",
  ])("warns that %s names this machine", (url) => {
    const [warning, ...rest] = agentUrlWarnings(url);
    expect(rest).toEqual([]);
    expect(warning).toContain(url);
    expect(warning).toContain("MERIDIAN_PUBLIC_URL");
  });

  it.each(["https://meridian.example.com", "http://10.0.0.5:3000", "http://127.0.0.1.nip.io"])(
    "does not warn for %s",
    (url) => expect(agentUrlWarnings(url)).toEqual([]),
  );
});
