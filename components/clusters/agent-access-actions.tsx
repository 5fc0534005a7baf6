"use client";

import { KeyRound, ShieldOff } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  useCreateJoinToken,
  useRevokeAgentAccess,
  type IssuedJoinToken,
} from "@/components/data/use-clusters";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { JoinTokenView } from "./join-token-view";

/** Admin actions on a cluster's agent: issue a join token (re-register), revoke its access. */
export function AgentAccessActions({
  name,
  state,
}: {
  name: string;
  state: "pending" | "live" | "disabled";
}) {
  const router = useRouter();
  const joinToken = useCreateJoinToken();
  const revoke = useRevokeAgentAccess();
  const [issued, setIssued] = useState<IssuedJoinToken | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);

  async function handleNewToken() {
    try {
      setIssued(await joinToken.mutateAsync({ name }));
    } catch {
      // Shown below from joinToken.error.
    }
  }

  async function handleRevoke() {
    try {
      const counts = await revoke.mutateAsync(name);
      setConfirmRevoke(false);
      setRevoked(
        `Revoked ${counts.credentials} agent ${counts.credentials === 1 ? "credential" : "credentials"} and ${counts.joinTokens} unused join ${counts.joinTokens === 1 ? "token" : "tokens"}.`,
      );
      router.refresh();
    } catch {
      // Shown in the dialog from revoke.error.
    }
  }

  function handleRevokeOpenChange(open: boolean) {
    setConfirmRevoke(open);
    if (!open) revoke.reset();
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {/* A disabled cluster refuses registrations, so a join token would be useless. */}
        {state === "disabled" ? null : (
          <Button size="sm" onClick={handleNewToken} loading={joinToken.isPending}>
            {joinToken.isPending ? null : <KeyRound className="size-3.5" aria-hidden />}
            New join token
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          onClick={() => {
            setRevoked(null);
            setConfirmRevoke(true);
          }}
        >
          <ShieldOff className="size-3.5" aria-hidden />
          Revoke agent access
        </Button>
      </div>
      {state === "disabled" ? (
        <p className="text-subtle text-xs">Enable the cluster to issue a new join token.</p>
      ) : null}
      {joinToken.error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {joinToken.error.message}
        </p>
      ) : null}
      {revoked ? (
        <p role="status" className="text-muted text-xs">
          {revoked}
        </p>
      ) : null}

      <Dialog
        open={issued !== null}
        onOpenChange={(open) => {
          if (!open) setIssued(null);
        }}
        size="wide"
        modalStrict
        data-testid="join-token-dialog"
        title={`New join token for “${name}”`}
        description="Re-registers the agent: install or upgrade it with this token. The current agent keeps its access until the token is used; registering replaces its credential."
        footer={
          <Button variant="primary" onClick={() => setIssued(null)}>
            I&apos;ve saved it
          </Button>
        }
      >
        {issued ? <JoinTokenView cluster={name} issued={issued} live={state === "live"} /> : null}
      </Dialog>

      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={handleRevokeOpenChange}
        data-testid="revoke-agent-dialog"
        title="Revoke agent access?"
        description={
          <>
            The agent of <span className="text-fg font-mono">{name}</span> is disconnected at its
            next request, and its unused join tokens stop working. The cluster keeps running with
            its last applied configuration; to reconnect, issue a new join token.
          </>
        }
        confirmLabel="Revoke access"
        tone="danger"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={handleRevoke}
      />
    </div>
  );
}
