import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEMO_METRICS_COMMAND } from "@/lib/model/metrics";
import { DemoMetricsMissing } from "./demo-metrics-missing";

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

describe("the demo's no-Prometheus sentence", () => {
  it("says in one sentence what is missing and the exact command", () => {
    const sentence = text(renderToStaticMarkup(createElement(DemoMetricsMissing)));
    expect(sentence).toBe(
      "This demo has no metrics because Prometheus is not installed: stop it and run " +
        "apt-get install -y prometheus prometheus-alertmanager && npm run demo.",
    );
    expect(sentence.match(/[.!?](\s|$)/g)).toHaveLength(1);
  });

  it("gives the README's first set-up command, without the npm ci already done", () => {
    const readme = readFileSync(path.join(import.meta.dirname, "../../README.md"), "utf8");
    const setUp = readme.slice(readme.indexOf("## Set up"));
    const first = /```sh\n(.+)\n```/.exec(setUp)?.[1];
    expect(first).toBe(
      "apt-get install -y prometheus prometheus-alertmanager && npm ci && npm run demo",
    );
    expect(first?.replace(" && npm ci", "")).toBe(DEMO_METRICS_COMMAND);
  });
});
