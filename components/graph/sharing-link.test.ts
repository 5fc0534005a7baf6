import { describe, expect, it } from "vitest";
import { sharingLink } from "./sharing-link";

describe("the map's Change sharing link (issue 36, defect 11)", () => {
  const service = { kind: "service", namespace: "bookinfo", name: "reviews" } as const;
  it("opens the matrix focused on the service, for operators", () => {
    expect(sharingLink(service, "operator")).toBe("/sharing?q=bookinfo%2Freviews");
    expect(sharingLink({ ...service, kind: "global-service" }, "admin")).toBe(
      "/sharing?q=bookinfo%2Freviews",
    );
  });
  it("is not offered to viewers, nor for clusters and regions", () => {
    expect(sharingLink(service, "viewer")).toBeNull();
    expect(sharingLink({ kind: "cluster", name: "east-1" }, "admin")).toBeNull();
  });
});
