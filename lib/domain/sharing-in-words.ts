// A cluster's sharing as sentences, for its page. Pure, and light enough for the browser: it
// imports no translator code (lib/domain/cluster-objects.ts computes the sharing on the server).
import type { ClusterSharing } from "@/lib/model/agents";

const list = (names: readonly string[]) =>
  names.length <= 2
    ? names.join(" and ")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/** The sharing of a cluster as sentences ("Exports bookinfo/ratings to east-1 and west-1."). */
export function sharingInWords(sharing: ClusterSharing, label = (c: string) => c): string[] {
  return [
    ...sharing.exports.map((e) =>
      e.to.length
        ? `Exports ${e.service} to ${list(e.to.map(label))}.`
        : `Exports ${e.service}; no cluster imports it yet.`,
    ),
    ...sharing.imports.map((i) =>
      i.from.length
        ? `Imports ${i.service} (${i.hostname}) from ${list(i.from.map(label))}.`
        : `Imports ${i.service} (${i.hostname}); no cluster exports it to this one.`,
    ),
  ];
}
