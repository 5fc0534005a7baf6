"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Input } from "./field";

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  /** "danger" for destructive actions. */
  tone?: "primary" | "danger";
  /** When set, the confirm button stays disabled until this exact text is typed. */
  requireText?: string;
  pending?: boolean;
  /** The failure of the last attempt, shown in the dialog (e.g. the API's message). */
  error?: string | null;
  onConfirm: () => void;
  "data-testid"?: string;
};

/** Asks before an action; for the irreversible ones, makes the user type the object's name. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = "primary",
  requireText,
  pending = false,
  error,
  onConfirm,
  "data-testid": testId,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  const matches = requireText === undefined || typed.trim() === requireText;
  const formId = `${testId ?? "confirm"}-form`;

  function handleOpenChange(next: boolean) {
    if (!next) setTyped("");
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (matches && !pending) onConfirm();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={title}
      description={description}
      data-testid={testId}
      footer={
        <>
          <Button onClick={() => handleOpenChange(false)}>Cancel</Button>
          <Button type="submit" form={formId} variant={tone} loading={pending} disabled={!matches}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} className="space-y-3">
        {children}
        {requireText !== undefined ? (
          <div className="space-y-1">
            <label htmlFor={`${formId}-text`} className="text-muted block text-xs font-medium">
              Type <span className="text-fg font-mono">{requireText}</span> to confirm
            </label>
            <Input
              id={`${formId}-text`}
              value={typed}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-[13px] text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
