import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { hashSecretToken, issueSecretToken } from "@/lib/crypto/secret-token";

describe("password hashing (scrypt)", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});

describe("secret tokens", () => {
  it("issues prefixed random tokens stored only as a hash", () => {
    const t = issueSecretToken("api");
    expect(t.token).toMatch(/^mrd_pat_[A-Za-z0-9_-]{43}$/);
    expect(t.hash).toBe(hashSecretToken(t.token));
    expect(t.hash).not.toContain(t.token.slice(8));
    expect(t.token.startsWith(t.prefix)).toBe(true);
    expect(issueSecretToken("api").token).not.toBe(t.token);
  });
});
