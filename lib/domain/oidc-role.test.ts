import { describe, expect, it } from "vitest";
import { claimGroups, roleFromClaims, type RolePolicy } from "@/lib/domain/oidc-role";

const policy: RolePolicy = {
  claim: "groups",
  rules: [
    { group: "meridian-admins", role: "admin" },
    { group: "meridian-operators", role: "operator" },
    { group: "meridian-viewers", role: "viewer" },
  ],
  defaultRole: "none",
};

describe("the role an OIDC sign-in gets from its groups claim", () => {
  it("maps a group to its role", () => {
    expect(roleFromClaims({ groups: ["meridian-operators"] }, policy)).toBe("operator");
    expect(roleFromClaims({ groups: ["staff", "meridian-viewers"] }, policy)).toBe("viewer");
  });

  it("gives the highest role when several groups match, whatever their order", () => {
    expect(roleFromClaims({ groups: ["meridian-viewers", "meridian-admins"] }, policy)).toBe(
      "admin",
    );
    const reversed = { ...policy, rules: [...policy.rules].reverse() };
    expect(roleFromClaims({ groups: ["meridian-operators", "meridian-admins"] }, reversed)).toBe(
      "admin",
    );
  });

  it("refuses (null) a user in no mapped group when the default is none", () => {
    expect(roleFromClaims({ groups: ["staff"] }, policy)).toBeNull();
    expect(roleFromClaims({}, policy)).toBeNull();
    expect(roleFromClaims({ groups: "not-a-list-of-ours" }, policy)).toBeNull();
  });

  it("gives the default role to a user in no mapped group when one is set", () => {
    expect(roleFromClaims({ groups: ["staff"] }, { ...policy, defaultRole: "viewer" })).toBe(
      "viewer",
    );
    // A mapped group still wins over the default.
    expect(
      roleFromClaims({ groups: ["meridian-admins"] }, { ...policy, defaultRole: "viewer" }),
    ).toBe("admin");
  });

  it("compares group names exactly: case and look-alikes do not match", () => {
    expect(roleFromClaims({ groups: ["Meridian-Admins"] }, policy)).toBeNull();
    expect(roleFromClaims({ groups: ["meridian-admins "] }, policy)).toBeNull();
    expect(roleFromClaims({ groups: ["meridian-admins-old"] }, policy)).toBeNull();
  });

  it("reads another claim, ignoring anything but strings", () => {
    const roles = { ...policy, claim: "roles" };
    expect(roleFromClaims({ roles: [42, null, "meridian-operators"] }, roles)).toBe("operator");
    expect(roleFromClaims({ groups: ["meridian-admins"] }, roles)).toBeNull();
  });
});

describe("claimGroups", () => {
  it("splits a space-separated string claim", () => {
    expect(claimGroups({ groups: "a  b c" }, "groups")).toEqual(["a", "b", "c"]);
  });

  it("follows a dotted path (Keycloak realm_access.roles)", () => {
    const claims = { realm_access: { roles: ["meridian-admins", "offline_access"] } };
    expect(claimGroups(claims, "realm_access.roles")).toEqual([
      "meridian-admins",
      "offline_access",
    ]);
    expect(claimGroups(claims, "realm_access.missing")).toEqual([]);
    expect(claimGroups({ realm_access: ["x"] }, "realm_access.roles")).toEqual([]);
  });

  it("prefers a claim whose own name has dots (a namespaced claim)", () => {
    const claims = { "https://meridian.example/groups": ["g"], https: { x: 1 } };
    expect(claimGroups(claims, "https://meridian.example/groups")).toEqual(["g"]);
  });
});
