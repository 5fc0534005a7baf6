"use client";

import clsx from "clsx";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./button";

type SecretFieldProps = {
  id: string;
  label: string;
  value: string;
  /**
   * "break" wraps a long token anywhere (it has no spaces to wrap at); "scroll" keeps
   * a multi-line command's lines intact and scrolls sideways, so it pastes as written.
   */
  wrap?: "break" | "scroll";
  rows?: number;
  "data-testid"?: string;
};

const COPIED_MS = 2000;

/**
 * A read-only, fully visible secret (a token shown once, an install command) with a copy
 * button. A textarea, so the whole value is selectable and readable without scrolling.
 */
export function SecretField({
  id,
  label,
  value,
  wrap = "break",
  rows,
  "data-testid": testId,
}: SecretFieldProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard access can be denied (e.g. plain http); the value stays selectable.
    }
  }

  const lines = rows ?? (wrap === "scroll" ? value.split("\n").length : 1);
  return (
    <div>
      <div className="mb-1 flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-muted block text-xs font-medium">
          {label}
        </label>
        <Button size="sm" onClick={handleCopy} aria-describedby={id}>
          {copied ? (
            <Check className="size-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />
          ) : (
            <Copy className="size-3.5" aria-hidden />
          )}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={lines}
        spellCheck={false}
        wrap={wrap === "scroll" ? "off" : "soft"}
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
        className={clsx(
          // field-sizing: the box grows to the wrapped value, so nothing is ever cut off.
          "border-border-strong bg-surface-2 text-fg block field-sizing-content w-full resize-none rounded-md border px-2.5 py-1.5 font-mono text-xs leading-5",
          "focus-visible:border-ring focus-visible:ring-ring/30 focus-visible:ring-2 focus-visible:outline-none",
          wrap === "break" ? "break-all" : "overflow-x-auto whitespace-pre",
        )}
      />
      <span className="sr-only" aria-live="polite">
        {copied ? `${label} copied to clipboard` : ""}
      </span>
    </div>
  );
}
