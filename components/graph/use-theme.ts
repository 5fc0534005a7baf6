"use client";

import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const read = (): "light" | "dark" =>
  document.documentElement.classList.contains("dark") ? "dark" : "light";

/** The theme in force (the `.dark` class on <html>), following every change. */
export function useDocumentTheme(): "light" | "dark" {
  return useSyncExternalStore(subscribe, read, () => "light");
}
