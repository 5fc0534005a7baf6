// meridian whoami | tokens | users | alerts: who is calling, their API tokens, the users
// (admin) and the fleet's alerts.
import type { Command } from "commander";
import { alertListSchema } from "../../lib/model/alerts";
import { meSchema, userListSchema } from "../../lib/model/api";
import { apiTokenListSchema, ROLES, userSchema, type UserDto } from "../../lib/model/inventory";
import { apiPath, CliError } from "../client";
import { render, table, when } from "../output";
import type { CommandContext, Run } from "../context";

const userRows = (items: UserDto[]) =>
  table(
    ["id", "email", "role", "state", "last sign-in"],
    items.map((u) => [
      u.id,
      u.email,
      u.role,
      u.disabled ? "disabled" : u.sso ? "sso" : "enabled",
      when(u.lastLoginAt),
    ]),
  );

const role = (value: string) => {
  if (!(ROLES as readonly string[]).includes(value))
    throw new CliError(`--role must be one of ${ROLES.join(", ")}`, 2);
  return value;
};

/** The id of the user with `idOrEmail` as id or email. */
async function userId(ctx: CommandContext, idOrEmail: string): Promise<string> {
  if (!idOrEmail.includes("@")) return idOrEmail;
  const { items } = await ctx.api.call(userListSchema, "GET", "/api/v1/users");
  const found = items.find((u) => u.email === idOrEmail.toLowerCase());
  if (!found) throw new CliError(`no user ${idOrEmail}`);
  return found.id;
}

async function updateUser(ctx: CommandContext, who: string, body: object) {
  const user = await ctx.api.call(
    userSchema,
    "PATCH",
    apiPath("/api/v1/users", await userId(ctx, who)),
    body,
  );
  ctx.print(render(ctx.format, user, () => userRows([user])));
}

export function registerAdminCommands(program: Command, run: Run): void {
  program
    .command("whoami")
    .description("the caller: user and role (never the credential)")
    .action(
      run(async (ctx) => {
        const me = await ctx.api.call(meSchema, "GET", "/api/v1/me");
        ctx.print(render(ctx.format, me, () => `${me.email} (${me.role}, via ${me.via})`));
      }),
    );

  const tokens = program
    .command("tokens")
    .description("your API tokens (create them signed in, on the Tokens page)");
  tokens
    .command("list")
    .description("your tokens (their secrets are never shown again)")
    .action(
      run(async (ctx) => {
        const { items } = await ctx.api.call(apiTokenListSchema, "GET", "/api/v1/tokens");
        ctx.print(
          render(ctx.format, items, () =>
            table(
              ["id", "name", "prefix", "created", "last used", "expires", "revoked"],
              items.map((t) => [
                t.id,
                t.name,
                t.prefix,
                when(t.createdAt),
                when(t.lastUsedAt),
                when(t.expiresAt),
                when(t.revokedAt),
              ]),
            ),
          ),
        );
      }),
    );
  tokens
    .command("revoke <id>")
    .description("revoke one of your tokens")
    .action(
      run(async (ctx, id: string) => {
        await ctx.api.send("DELETE", apiPath("/api/v1/tokens", id));
        ctx.print(render(ctx.format, { revoked: id }, () => `token ${id} revoked`));
      }),
    );

  const users = program.command("users").description("the people who sign in (admin)");
  users
    .command("list")
    .description("every user and role")
    .action(
      run(async (ctx) => {
        const { items } = await ctx.api.call(userListSchema, "GET", "/api/v1/users");
        ctx.print(render(ctx.format, items, () => userRows(items)));
      }),
    );
  users
    .command("add <email>")
    .description("add a user with a password (read from $MERIDIAN_NEW_PASSWORD)")
    .requiredOption("--role <role>", `one of ${ROLES.join(", ")}`, role)
    .option("--name <text>", "their name")
    .action(
      run(async (ctx, email: string, opts: { role: string; name?: string }) => {
        const password = ctx.io.env.MERIDIAN_NEW_PASSWORD;
        if (!password)
          throw new CliError("set MERIDIAN_NEW_PASSWORD to the new user's password", 2);
        const user = await ctx.api.call(userSchema, "POST", "/api/v1/users", {
          email,
          password,
          role: opts.role,
          ...(opts.name ? { name: opts.name } : {}),
        });
        ctx.print(render(ctx.format, user, () => userRows([user])));
      }),
    );
  users
    .command("set-role <id-or-email> <role>")
    .description("change a user's role")
    .action(run((ctx, who: string, to: string) => updateUser(ctx, who, { role: role(to) })));
  users
    .command("disable <id-or-email>")
    .description("stop a user signing in; their API tokens stop working")
    .action(run((ctx, who: string) => updateUser(ctx, who, { disabled: true })));
  users
    .command("enable <id-or-email>")
    .description("let a disabled user sign in again")
    .action(run((ctx, who: string) => updateUser(ctx, who, { disabled: false })));
  users
    .command("remove <id-or-email>")
    .description("delete a user")
    .action(
      run(async (ctx, who: string) => {
        const id = await userId(ctx, who);
        await ctx.api.send("DELETE", apiPath("/api/v1/users", id));
        ctx.print(render(ctx.format, { removed: who }, () => `user ${who} removed`));
      }),
    );

  program
    .command("alerts")
    .description("the fleet's alerts, with a rollup per global service")
    .option("--severity <list>", "critical,warning,info")
    .option("--cluster <name>", "only this cluster's")
    .action(
      run(async (ctx, opts: { severity?: string; cluster?: string }) => {
        const q = new URLSearchParams({
          ...(opts.severity ? { severity: opts.severity } : {}),
          ...(opts.cluster ? { cluster: opts.cluster } : {}),
        });
        const list = await ctx.api.call(
          alertListSchema,
          "GET",
          `/api/v1/alerts${q.size ? `?${q}` : ""}`,
        );
        ctx.print(
          render(ctx.format, list, () =>
            [
              list.items.length
                ? table(
                    ["severity", "state", "name", "cluster", "service", "summary"],
                    list.items.map((a) => [
                      a.severity,
                      a.state,
                      a.name,
                      a.cluster ?? "-",
                      a.globalService
                        ? `${a.globalService.namespace}/${a.globalService.name}`
                        : "-",
                      a.summary,
                    ]),
                  )
                : "no alerts",
              ...list.errors.map((e) => `source error: ${JSON.stringify(e)}`),
            ].join("\n"),
          ),
        );
      }),
    );
}
