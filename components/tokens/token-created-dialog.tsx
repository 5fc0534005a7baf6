"use client";

import type { CreatedToken } from "@/components/data/use-api-tokens";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { OneTimeSecretNote } from "@/components/ui/one-time-secret-note";
import { SecretField } from "@/components/ui/secret-field";

type TokenCreatedDialogProps = { created: CreatedToken | null; onClose: () => void };

/** Shows a new token's plaintext exactly once. */
export function TokenCreatedDialog({ created, onClose }: TokenCreatedDialogProps) {
  function handleOpenChange(open: boolean) {
    if (!open) onClose();
  }

  return (
    <Dialog
      open={created !== null}
      onOpenChange={handleOpenChange}
      title={`Token “${created?.item.name ?? ""}” created`}
      description="Use it as a Bearer token in the Authorization header of API requests."
      modalStrict
      footer={
        <Button variant="primary" onClick={() => handleOpenChange(false)}>
          I&apos;ve saved it
        </Button>
      }
    >
      <OneTimeSecretNote>
        Copy this token now. It won&apos;t be shown again — Meridian stores only a hash of it.
      </OneTimeSecretNote>
      <SecretField
        id="new-token"
        label="API token"
        value={created?.token ?? ""}
        data-testid="new-token-value"
      />
    </Dialog>
  );
}
