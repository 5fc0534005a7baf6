import { describe, expect, it } from "vitest";

import { loadAgentConfig } from "./config";

const base = { MERIDIAN_URL: "https://meridian.example.com" };
const load = (env: Record<string, string>) => loadAgentConfig(env as unknown as NodeJS.ProcessEnv);

describe("MERIDIAN_MESHES", () => {
  it("defaults to every mesh the agent knows", () => {
    expect(load(base).MERIDIAN_MESHES).toEqual(["istio", "linkerd", "cilium", "consul"]);
  });

  it("takes a comma-separated list, and empty means none", () => {
    expect(load({ ...base, MERIDIAN_MESHES: "istio, cilium" }).MERIDIAN_MESHES).toEqual([
      "istio",
      "cilium",
    ]);
    expect(load({ ...base, MERIDIAN_MESHES: "" }).MERIDIAN_MESHES).toEqual([]);
  });

  it("refuses a mesh it does not know, naming the valid ones", () => {
    expect(() => load({ ...base, MERIDIAN_MESHES: "istio,kuma" })).toThrow(
      /MERIDIAN_MESHES\.1: MERIDIAN_MESHES must list meshes among istio, linkerd, cilium, consul/,
    );
  });
});

describe("static mode", () => {
  it("is chosen by MERIDIAN_SITE_FILE, and needs one", () => {
    expect(
      load({ ...base, MERIDIAN_SITE_FILE: "/etc/meridian/site.yaml" }).MERIDIAN_AGENT_MODE,
    ).toBe("static");
    expect(load(base).MERIDIAN_AGENT_MODE).toBe("kubernetes");
    expect(() => load({ ...base, MERIDIAN_AGENT_MODE: "static" })).toThrow(/MERIDIAN_SITE_FILE/);
  });
});
