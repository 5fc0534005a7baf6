// Browser harness of the topology benchmark: the map's own renderer (TopologyCanvas, the
// same component the /topology page loads) on a bare page, fed the API's JSON answer: the
// map's default (`collapse=auto`) with `#folded`, every cluster folded in open regions with
// `#clusters`, else the whole graph.
import { createRef } from "react";
import { createRoot } from "react-dom/client";

import { TopologyCanvas, type TopologyCanvasHandle } from "../../components/graph/topology-canvas";
import type { TopologyDto } from "../../lib/graph/schema";

declare global {
  interface Window {
    __benchReady?: { fetchedMs: number; drawnMs: number };
    /** Centres and zooms in on a node (the map's search does the same), for screenshots. */
    __benchFocus?: (id: string) => void;
  }
}

async function main(): Promise<void> {
  const file = location.hash ? `/${location.hash.slice(1)}.json` : "/graph.json";
  const graph = (await (await fetch(file)).json()) as TopologyDto;
  // `?theme=dark`: the map's dark palette on the dark page background (screenshots).
  const theme = new URLSearchParams(location.search).get("theme") === "dark" ? "dark" : "light";
  if (theme === "dark") document.body.style.background = "#12151c";
  const fetchedMs = performance.now();
  const root = createRoot(document.getElementById("root")!);
  const handle = createRef<TopologyCanvasHandle>();
  window.__benchFocus = (id) => handle.current?.focus(id);
  root.render(
    <TopologyCanvas
      graph={graph}
      selectedId={null}
      onSelect={() => {}}
      theme={theme}
      fitKey=""
      handle={handle}
    />,
  );
  // Drawn = the instance exists with its elements (both effects ran in one commit), then two
  // animation frames have been rendered.
  const wait = () => new Promise((r) => requestAnimationFrame(r));
  while (!window.__meridianTopology) await wait();
  await wait();
  await wait();
  window.__benchReady = { fetchedMs, drawnMs: performance.now() };
}

void main();
