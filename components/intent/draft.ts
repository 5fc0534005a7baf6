// The export matrix's draft: edits to exports and imports accumulate here, per global service,
// until the operator asks for a plan. Pure functions so the matrix and its tests share them.

/** The part of a global service's intent the matrix edits. */
export type SharingIntent = { exports: readonly string[]; imports: readonly string[] };

export type SharingKind = "exports" | "imports";

/** Edited services only, keyed `namespace/name`; an edit back to the base value is dropped. */
export type SharingDraft = Readonly<Record<string, SharingIntent>>;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The value a cell shows: the draft's when edited, else the saved intent's. */
export function effectiveIntent(
  draft: SharingDraft,
  key: string,
  base: SharingIntent | undefined,
): SharingIntent {
  return draft[key] ?? base ?? { exports: [], imports: [] };
}

/** Flips one cluster in a service's exports or imports; returns the new draft. */
export function toggleSharing(
  draft: SharingDraft,
  key: string,
  base: SharingIntent | undefined,
  kind: SharingKind,
  cluster: string,
): SharingDraft {
  const current = effectiveIntent(draft, key, base);
  const list = current[kind];
  const nextList = list.includes(cluster) ? list.filter((c) => c !== cluster) : [...list, cluster];
  const next: SharingIntent = { ...current, [kind]: nextList };
  const saved = base ?? { exports: [], imports: [] };
  const rest = Object.fromEntries(Object.entries(draft).filter(([k]) => k !== key));
  if (sameSet(next.exports, saved.exports) && sameSet(next.imports, saved.imports)) return rest;
  return { ...rest, [key]: next };
}

/** One cell edit, for the "N changes" summary. */
export type DraftEdit = { key: string; kind: SharingKind; cluster: string; on: boolean };

/** Every cell that differs from the saved intent, in service then cluster order. */
export function draftEdits(
  draft: SharingDraft,
  baseOf: (key: string) => SharingIntent | undefined,
): DraftEdit[] {
  const edits: DraftEdit[] = [];
  for (const key of Object.keys(draft).sort()) {
    const next = draft[key];
    if (!next) continue;
    const saved = baseOf(key) ?? { exports: [], imports: [] };
    for (const kind of ["exports", "imports"] as const) {
      for (const c of next[kind])
        if (!saved[kind].includes(c)) edits.push({ key, kind, cluster: c, on: true });
      for (const c of saved[kind])
        if (!next[kind].includes(c)) edits.push({ key, kind, cluster: c, on: false });
    }
  }
  return edits;
}

/** One edit in words: "export bookinfo/reviews from east-2", "stop importing … into west-1". */
export function describeEdit(e: DraftEdit): string {
  const verb =
    e.kind === "exports"
      ? e.on
        ? "export"
        : "stop exporting"
      : e.on
        ? "import"
        : "stop importing";
  return `${verb} ${e.key} ${e.kind === "exports" ? "from" : "into"} ${e.cluster}`;
}

/** A change-set title for the draft (at most 200 characters, as the API accepts). */
export function draftTitle(edits: readonly DraftEdit[]): string {
  const words = edits.map(describeEdit);
  const first = words[0] ?? "Sharing change";
  const text =
    words.length === 1
      ? first
      : words.length === 2
        ? `${first}; ${words[1]}`
        : `${first} and ${words.length - 1} more sharing changes`;
  const title = text.charAt(0).toUpperCase() + text.slice(1);
  return title.length > 200 ? `${title.slice(0, 199)}…` : title;
}

/**
 * The draft's edits replayed onto a newer saved intent (after a 409: someone else changed it):
 * each edited cell gets the state the operator chose; every other cell keeps the new saved
 * value, so the other person's change is not silently undone.
 */
export function rebaseDraft(
  edits: readonly DraftEdit[],
  baseOf: (key: string) => SharingIntent | undefined,
): SharingDraft {
  let draft: SharingDraft = {};
  for (const e of edits) {
    const current = effectiveIntent(draft, e.key, baseOf(e.key));
    if (current[e.kind].includes(e.cluster) !== e.on)
      draft = toggleSharing(draft, e.key, baseOf(e.key), e.kind, e.cluster);
  }
  return draft;
}
