"use client";

import dynamic from "next/dynamic";

/** The canvas, loaded in the browser only: cytoscape needs a DOM and stays out of the server bundle. */
export const LazyTopologyCanvas = dynamic(
  () => import("./topology-canvas").then((m) => m.TopologyCanvas),
  {
    ssr: false,
    loading: () => (
      <div
        role="status"
        className="text-subtle absolute inset-0 flex items-center justify-center text-sm"
      >
        Drawing the map…
      </div>
    ),
  },
);
