import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/infra/env";

/** The next-auth signing secret; required, so sessions can never be forged with a default. */
export function authSecret(): string {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start Meridian with `npm start`");
  return secret;
}

const BOX_VERSION = "v1";
let boxKey: Buffer | undefined;

function secretBoxKey(): Buffer {
  if (boxKey) return boxKey;
  const explicit = env().MERIDIAN_SECRET_KEY;
  if (explicit) {
    boxKey = /^[0-9a-fA-F]{64}$/.test(explicit)
      ? Buffer.from(explicit, "hex")
      : Buffer.from(explicit, "base64");
  } else {
    // One secret to manage by default: a separate key derived from the session secret.
    boxKey = Buffer.from(
      hkdfSync("sha256", authSecret(), "meridian", "meridian-secret-box-v1", 32),
    );
  }
  return boxKey;
}

/**
 * Encrypts a small secret (a source's password or bearer token) with AES-256-GCM under the
 * key from MERIDIAN_SECRET_KEY (or derived from NEXTAUTH_SECRET). Output:
 * `v1.<iv>.<tag>.<ciphertext>`, base64url. `context` is bound as associated data, so a
 * ciphertext copied to another row does not decrypt.
 */
export function sealSecret(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretBoxKey(), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"));
  return [BOX_VERSION, ...parts].join(".");
}

/** Decrypts {@link sealSecret} output; throws a generic error on any tampering or wrong key. */
export function openSecret(sealed: string, context: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== BOX_VERSION || !iv || !tag || data === undefined) {
    throw new Error("stored secret cannot be decrypted");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", secretBoxKey(), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new Error("stored secret cannot be decrypted");
  }
}
