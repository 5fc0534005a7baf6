"use client";

import { useCallback, useMemo, useSyncExternalStore, type SetStateAction } from "react";
import type { SharingDraft } from "./draft";

/** Where the Sharing page keeps its draft: this tab only, until applied or discarded. */
export const SHARING_DRAFT_KEY = "meridian.sharing.draft";

const isNames = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** A stored draft, or an empty one when the stored text is missing or not a draft. */
export function parseStoredDraft(text: string | null): SharingDraft {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([key, v]) =>
        key.includes("/") &&
        typeof v === "object" &&
        v !== null &&
        isNames((v as { exports?: unknown }).exports) &&
        isNames((v as { imports?: unknown }).imports),
    );
    return Object.fromEntries(entries) as SharingDraft;
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readStored = () => window.sessionStorage.getItem(SHARING_DRAFT_KEY);

/**
 * The Sharing draft, kept in sessionStorage so a reload (or a look at another page) does not
 * lose it. The server renders no draft; the browser's stored one appears after hydration.
 */
export function useSessionDraft() {
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const draft = useMemo(() => parseStoredDraft(stored), [stored]);
  const setDraft = useCallback((next: SetStateAction<SharingDraft>) => {
    const value = typeof next === "function" ? next(parseStoredDraft(readStored())) : next;
    if (Object.keys(value).length === 0) window.sessionStorage.removeItem(SHARING_DRAFT_KEY);
    else window.sessionStorage.setItem(SHARING_DRAFT_KEY, JSON.stringify(value));
    listeners.forEach((l) => l());
  }, []);
  return [draft, setDraft] as const;
}
