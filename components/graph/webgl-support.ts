// Whether cytoscape's WebGL renderer can help here: only on a hardware GPU. Under a software
// rasterizer (SwiftShader — headless Chromium, many VDI and remote desktops — llvmpipe, the
// Microsoft Basic Render Driver) the canvas renderer draws the 2,000-node map's first frame
// in about half the time and pans it at full frame rate where WebGL stalls
// (docs/benchmarks.md, "Topology map").

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer string names a software rasterizer. */
export const softwareRenderer = (renderer: string): boolean => SOFTWARE.test(renderer);

let cached: boolean | undefined;

/** True when a WebGL context exists and its renderer is not a software rasterizer. */
export function hardwareWebgl(): boolean {
  if (cached !== undefined) return cached;
  cached = false;
  try {
    const gl = document.createElement("canvas").getContext("webgl");
    if (gl) {
      const info = gl.getExtension("WEBGL_debug_renderer_info");
      const renderer = String(
        gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? "",
      );
      cached = !softwareRenderer(renderer);
      gl.getExtension("WEBGL_lose_context")?.loseContext();
    }
  } catch {
    cached = false;
  }
  return cached;
}
