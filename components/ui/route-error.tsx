"use client";

import { useEffect, useState } from "react";
import { ErrorPanel } from "./error-panel";

type RouteErrorProps = { error: unknown; retry: () => void; what?: string };

function digestOf(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "digest" in error) {
    const digest = (error as { digest?: unknown }).digest;
    return typeof digest === "string" ? digest : undefined;
  }
  return undefined;
}

/** Body of every error.tsx: a calm message, a reference id, and a retry that re-fetches. */
export function RouteError({ error, retry, what = "this page" }: RouteErrorProps) {
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = digestOf(error);

  function handleRetry() {
    setRetrying(true);
    retry();
  }

  return (
    <ErrorPanel
      message={`Meridian could not load ${what}. This is usually temporary — try again in a moment.${digest ? ` Reference: ${digest}` : ""}`}
      onRetry={handleRetry}
      retrying={retrying}
    />
  );
}
