import { describe, expect, it } from "vitest";

import { softwareRenderer } from "./webgl-support";

describe("softwareRenderer", () => {
  it("tells software rasterizers from GPUs by the renderer string", () => {
    for (const name of [
      "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
      "Google SwiftShader",
      "llvmpipe (LLVM 15.0.6, 256 bits)",
      "ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)",
    ])
      expect(softwareRenderer(name)).toBe(true);
    for (const name of [
      "ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0, D3D11)",
      "Apple M1",
      "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
      "AMD Radeon Pro 5500M OpenGL Engine",
    ])
      expect(softwareRenderer(name)).toBe(false);
  });
});
