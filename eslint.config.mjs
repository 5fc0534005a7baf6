import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      ".meridian/**",
      "lib/store/generated/**",
      "test/kube/bin/**",
      "test-results/**",
      "playwright-report/**",
      "agent/dist/**",
      "scripts/dist/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**", "e2e/**", "test/**", "prisma/**", "*.config.*"],
    rules: { "no-console": "off" },
  },
  {
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/components/*", "@/app/*"] }],
    },
  },
  {
    files: ["lib/domain/**", "lib/agent-protocol/**", "lib/meshes/**", "lib/graph/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "next",
            "next/*",
            "@prisma/*",
            "@/lib/db/*",
            "react",
            "@/components/*",
            "@/app/*",
          ],
        },
      ],
    },
  },
];

export default config;
