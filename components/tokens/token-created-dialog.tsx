"use client";

import { Check, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { CreatedToken } from "@/components/data/use-api-tokens";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

type TokenCreatedDialogProps = { created: CreatedToken | null; onClose: () => void };

/** Shows a new token's plaintext exactly once. */
export function TokenCreatedDialog({ created, onClose }: TokenCreatedDialogProps) {
  const [copied, setCopied] = useState(false);

  async function handleCopy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard access can be denied; the token stays selectable in the field.
    }
  }

  function handleOpenChange(open: boolean) {
    if (!open) {
      setCopied(false);
      onClose();
    }
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
      <div
        role="note"
        className="mb-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy this token now. It won&apos;t be shown again — Meridian stores only a hash of it.
      </div>
      <label htmlFor="new-token" className="text-muted mb-1 block text-xs font-medium">
        API token
      </label>
      <div className="flex gap-2">
        <input
          id="new-token"
          readOnly
          value={created?.token ?? ""}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-token-value"
          className="border-border-strong bg-surface-2 text-fg h-8 min-w-0 flex-1 rounded-md border px-2.5 font-mono text-xs"
        />
        <Button onClick={handleCopy} aria-label="Copy token">
          {copied ? (
            <Check className="size-3.5 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-3.5" aria-hidden />
          )}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? "Token copied to clipboard" : ""}
      </span>
    </Dialog>
  );
}
