import { ensureAdmin } from "@/lib/services/access/users";
import {
  prepareDemoFleet,
  prepareDemoSite,
  prepareDemoTraffic,
} from "@/lib/services/inventory/demo-seed";
import type { IntentDto } from "@/lib/model/intent";
import { db } from "@/lib/store/client";

const DEMO_ADMIN_EMAIL = "admin@meridian.local";

/**
 * First-run set-up through the domain functions: the first admin (from
 * MERIDIAN_ADMIN_EMAIL / MERIDIAN_ADMIN_PASSWORD, or in demo mode a generated password
 * printed once) and, in demo mode, the Distributed Bookinfo clusters with join tokens
 * for their simulated agents, the VM site ratings-legacy with one for its static agent, and what
 * the demo's traffic generators need to follow the intent.
 */
export async function bootstrap(opts: {
  demo: boolean;
  generatePassword: () => string;
  say: (msg: string) => void;
}): Promise<{
  joinTokens: Record<string, string>;
  siteJoinToken?: string;
  /** Demo: the intent the traffic generators start from, and a viewer token to read it again. */
  traffic?: { token: string; intents: IntentDto[] };
}> {
  const email = process.env.MERIDIAN_ADMIN_EMAIL ?? (opts.demo ? DEMO_ADMIN_EMAIL : undefined);
  let password = process.env.MERIDIAN_ADMIN_PASSWORD;
  if (email && !password && opts.demo) password = opts.generatePassword();
  if (email && password) {
    const result = await ensureAdmin(email, password);
    if (result === "created" && !process.env.MERIDIAN_ADMIN_PASSWORD) {
      opts.say("─".repeat(60));
      opts.say(`sign in as ${email} with password ${password}`);
      opts.say("(shown once; start with --reset for a fresh demo and a new password)");
      opts.say("─".repeat(60));
    } else if (result === "exists") {
      opts.say(`admin ${email} exists; sign in with its password`);
    }
  } else if ((await db().user.count()) === 0) {
    opts.say(
      "no users yet: set MERIDIAN_ADMIN_EMAIL and MERIDIAN_ADMIN_PASSWORD to create the first admin",
    );
  }
  const joinTokens = opts.demo ? await prepareDemoFleet() : {};
  const siteJoinToken = opts.demo ? await prepareDemoSite() : undefined;
  const traffic = opts.demo ? await prepareDemoTraffic() : undefined;
  await db().$disconnect();
  return { joinTokens, siteJoinToken, traffic };
}
