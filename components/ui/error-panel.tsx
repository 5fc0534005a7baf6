"use client";

import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "./button";

type ErrorPanelProps = {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
};

/** A friendly failure message with a retry button; never shows a stack trace. */
export function ErrorPanel({
  title = "Something went wrong",
  message = "Meridian could not load this page. This is usually temporary.",
  onRetry,
  retrying,
}: ErrorPanelProps) {
  return (
    <div
      role="alert"
      className="border-border bg-surface flex flex-col items-center rounded-lg border px-6 py-12 text-center"
    >
      <div className="mb-3 flex size-10 items-center justify-center rounded-full border border-red-200 bg-red-50 text-red-600 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-400">
        <TriangleAlert className="size-5" aria-hidden />
      </div>
      <h2 className="text-fg text-sm font-semibold">{title}</h2>
      <p className="text-muted mt-1 max-w-md text-sm">{message}</p>
      {onRetry ? (
        <Button className="mt-4" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RefreshCw className="size-3.5" aria-hidden />}
          Try again
        </Button>
      ) : null}
    </div>
  );
}
