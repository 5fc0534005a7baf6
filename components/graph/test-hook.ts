// Read-only view of the live cytoscape state for browser tests. It exists only when the test
// harness sets `window.__MERIDIAN_TEST_HOOKS__ = true` before the page loads (Playwright's
// addInitScript); a normal session never gets it.
import type cytoscape from "cytoscape";

/** What a browser test can read of the map. */
export type TopologyTestHook = {
  nodes(): {
    id: string;
    parent: string | null;
    classes: string[];
    /** Centre in page coordinates, for a real mouse click. */
    page: { x: number; y: number };
    position: { x: number; y: number };
  }[];
  edges(): { id: string; source: string; target: string; classes: string[] }[];
  zoom(): number;
  renderer(): "webgl" | "canvas";
};

declare global {
  interface Window {
    __MERIDIAN_TEST_HOOKS__?: boolean;
    __meridianTopology?: TopologyTestHook;
  }
}

/** Installs the hook when tests asked for it; returns its removal. */
export function exposeTestHook(cy: cytoscape.Core): () => void {
  if (typeof window === "undefined" || window.__MERIDIAN_TEST_HOOKS__ !== true) return () => {};
  const box = () => cy.container()?.getBoundingClientRect();
  window.__meridianTopology = {
    nodes: () =>
      cy.nodes().map((n) => {
        const r = n.renderedPosition();
        const b = box();
        return {
          id: n.id(),
          // A compound parent, or the box a large map draws instead (flat-compounds.ts).
          parent: n.parent().first().id() || (n.data("owner") as string | undefined) || null,
          classes: n.classes(),
          page: { x: (b?.left ?? 0) + r.x, y: (b?.top ?? 0) + r.y },
          position: { ...n.position() },
        };
      }),
    edges: () =>
      cy.edges().map((e) => ({
        id: e.id(),
        source: e.source().id(),
        target: e.target().id(),
        classes: e.classes(),
      })),
    zoom: () => cy.zoom(),
    renderer: () =>
      (cy as unknown as { renderer(): { webgl?: boolean } }).renderer().webgl ? "webgl" : "canvas",
  };
  return () => {
    delete window.__meridianTopology;
  };
}
