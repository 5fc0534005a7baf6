"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import clsx from "clsx";
import { X } from "lucide-react";
import type { ReactNode } from "react";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Prevent closing by clicking outside (e.g. while a one-time secret is shown). */
  modalStrict?: boolean;
  /** "wide" for content such as a multi-line install command. */
  size?: "default" | "wide";
  "data-testid"?: string;
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  modalStrict,
  size = "default",
  "data-testid": testId,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          onPointerDownOutside={modalStrict ? (e) => e.preventDefault() : undefined}
          data-testid={testId}
          className={clsx(
            "border-border bg-surface fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border shadow-xl focus:outline-none",
            size === "wide" ? "max-w-2xl" : "max-w-lg",
          )}
        >
          <div className="border-border flex items-start justify-between gap-4 border-b px-5 py-4">
            <div>
              <RadixDialog.Title className="text-fg text-base font-semibold">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-muted mt-1 text-sm">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="text-subtle hover:bg-surface-hover hover:text-fg rounded p-1"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </div>
          {children ? <div className="min-h-0 overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div className="border-border bg-surface-2/50 flex justify-end gap-2 border-t px-5 py-3">
              {footer}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
