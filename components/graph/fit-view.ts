// The viewport that fits the map's extent into the canvas: pure, so the rule is unit-tested.
import type { Rect } from "@/lib/graph/layout";

/** Zoom and pan centring `extent` in a `width` × `height` canvas with `pad` px around it. */
export function fitViewport(
  extent: Rect,
  size: { width: number; height: number },
  zoomRange: { min: number; max: number },
  pad = 24,
): { zoom: number; pan: { x: number; y: number } } {
  const w = extent.x2 - extent.x1;
  const h = extent.y2 - extent.y1;
  // Within the range: cytoscape ignores a zoom outside it but still applies the pan computed
  // for it (a 390 px wide map of 2,000 services opened at zoom 1 on a corner).
  const zoom = Math.max(
    zoomRange.min,
    Math.min(zoomRange.max, (size.width - 2 * pad) / w, (size.height - 2 * pad) / h),
  );
  return {
    zoom,
    pan: {
      x: size.width / 2 - zoom * (extent.x1 + w / 2),
      y: size.height / 2 - zoom * (extent.y1 + h / 2),
    },
  };
}
