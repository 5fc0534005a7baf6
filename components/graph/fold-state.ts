// Which clusters the map folds, as the URL carries it: `collapse` (comma tokens: `auto` — every
// cluster when the map is large — node ids, or `none`) and `expand` (clusters `auto` leaves open).
// Pure, so the page and its tests share one set of rules.

/** The default: large maps open with every cluster folded. */
export const AUTO_FOLD = "auto";

/** The map's fold state. */
export type FoldState = { collapse: string; expand: string[] };

const tokens = (collapse: string) => collapse.split(",").filter((t) => t && t !== "none");
const join = (list: string[]) => (list.length > 0 ? list.join(",") : "none");

/** Opens a folded node: drops it from the listed ids, and keeps it open under `auto`. */
export function expandNode(f: FoldState, id: string): FoldState {
  const list = tokens(f.collapse);
  return {
    collapse: join(list.filter((t) => t !== id)),
    expand: list.includes(AUTO_FOLD) && !f.expand.includes(id) ? [...f.expand, id] : f.expand,
  };
}

/** Folds a node, whatever the map's size. */
export function foldNode(f: FoldState, id: string): FoldState {
  const list = tokens(f.collapse);
  return {
    collapse: join(list.includes(id) ? list : [...list, id]),
    expand: f.expand.filter((e) => e !== id),
  };
}

/** Whether the map folds clusters by size (`auto` among the tokens). */
export const foldsBySize = (f: FoldState) => tokens(f.collapse).includes(AUTO_FOLD);
