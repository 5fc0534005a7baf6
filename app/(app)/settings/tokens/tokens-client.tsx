"use client";

import { Eye, EyeOff, KeyRound } from "lucide-react";
import { useState } from "react";
import type { ApiTokenDto } from "@/lib/model/inventory";
import {
  useApiTokens,
  useRevokeApiToken,
  type CreatedToken,
} from "@/components/data/use-api-tokens";
import { CreateTokenForm } from "@/components/tokens/create-token-form";
import { TokenCreatedDialog } from "@/components/tokens/token-created-dialog";
import { TokensTable } from "@/components/tokens/tokens-table";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";

export function TokensClient({ initialTokens }: { initialTokens: ApiTokenDto[] }) {
  const tokens = useApiTokens(initialTokens);
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiTokenDto | null>(null);
  // Revoked tokens are history, not something to act on: out of the way unless asked for.
  const [showRevoked, setShowRevoked] = useState(false);

  async function handleConfirmRevoke() {
    if (!toRevoke) return;
    try {
      await revoke.mutateAsync(toRevoke.id);
      setToRevoke(null);
    } catch {
      // The error is shown in the dialog from revoke.error.
    }
  }

  function handleRevokeOpenChange(open: boolean) {
    if (!open) {
      setToRevoke(null);
      revoke.reset();
    }
  }

  const all = tokens.data ?? [];
  const revokedCount = all.filter((t) => t.revokedAt).length;
  const items = showRevoked ? all : all.filter((t) => !t.revokedAt);

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title="Create a token"
          description="Tokens act as you, with your role. Give each script or CI job its own token."
        />
        <CardBody className="py-4">
          <CreateTokenForm onCreated={setCreated} />
        </CardBody>
      </Card>

      <Card className="overflow-hidden">
        <CardHeader
          title="Your tokens"
          description={
            revokedCount > 0 && !showRevoked
              ? `${revokedCount} revoked ${revokedCount === 1 ? "token" : "tokens"} hidden.`
              : undefined
          }
          actions={
            revokedCount > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={showRevoked}
                onClick={() => setShowRevoked((v) => !v)}
                data-testid="toggle-revoked"
              >
                {showRevoked ? (
                  <EyeOff className="size-3.5" aria-hidden />
                ) : (
                  <Eye className="size-3.5" aria-hidden />
                )}
                {showRevoked ? "Hide revoked" : `Show revoked (${revokedCount})`}
              </Button>
            ) : null
          }
        />
        {tokens.error && !tokens.data ? (
          <div className="p-4">
            <ErrorPanel
              title="Could not load tokens"
              message={tokens.error.message}
              onRetry={() => void tokens.refetch()}
              retrying={tokens.isFetching}
            />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={<KeyRound aria-hidden />}
            title={revokedCount > 0 ? "No active API tokens" : "No API tokens yet"}
            data-testid="tokens-empty"
          >
            Create a token above to call the Meridian REST API from scripts and automation.
          </EmptyState>
        ) : (
          <TokensTable tokens={items} onRevoke={setToRevoke} />
        )}
      </Card>

      <TokenCreatedDialog created={created} onClose={() => setCreated(null)} />

      <Dialog
        open={toRevoke !== null}
        onOpenChange={handleRevokeOpenChange}
        title="Revoke token?"
        description={
          <>
            Anything using <span className="text-fg font-medium">{toRevoke?.name}</span> (
            <span className="font-mono text-xs">{toRevoke?.prefix}…</span>) will stop working
            immediately. This cannot be undone.
          </>
        }
        footer={
          <>
            <Button onClick={() => handleRevokeOpenChange(false)}>Cancel</Button>
            <Button variant="danger" onClick={handleConfirmRevoke} loading={revoke.isPending}>
              Revoke token
            </Button>
          </>
        }
      >
        {revoke.error ? (
          <p role="alert" className="text-[13px] text-red-700 dark:text-red-300">
            {revoke.error.message}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}
