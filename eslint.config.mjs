import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The layers of lib/, bottom up, and what each may import (docs/architecture.md draws them).
// An import of any other lib/ folder fails `npm run lint`, so the layers cannot drift upward.
const LAYERS = {
  "agent-protocol": [],
  infra: ["agent-protocol"],
  meshes: ["agent-protocol"],
  model: ["agent-protocol", "meshes"],
  domain: ["agent-protocol", "meshes", "model"],
  graph: ["agent-protocol", "model", "domain"],
  demo: ["agent-protocol", "model"],
  crypto: ["agent-protocol", "infra"],
  "fleet-metrics": ["agent-protocol", "infra", "model", "domain", "graph"],
  store: ["agent-protocol", "infra", "meshes", "model", "domain"],
  federation: ["agent-protocol", "infra", "meshes", "model"],
  services: [
    "agent-protocol",
    "infra",
    "federation",
    "meshes",
    "model",
    "domain",
    "graph",
    "demo",
    "crypto",
    "fleet-metrics",
    "store",
  ],
  // graph: the OpenAPI document (lib/api/openapi) describes the topology answer lib/graph shapes.
  api: ["agent-protocol", "infra", "model", "domain", "graph", "services", "store"],
  auth: ["agent-protocol", "infra", "model", "domain", "crypto", "services", "api"],
};

/** Layers that must stay free of Next, Prisma and React (the agent and the browser use them). */
const PURE = ["agent-protocol", "meshes", "model", "domain", "graph", "demo"];

/** What a layer may import of another's files, when not all of it. */
const ONLY = {
  api: { store: ["errors"] },
};

/**
 * The store reads a page or route may call directly (docs/architecture.md, "Reads"): a read the
 * page shows as it is, with nothing to decide. Everything else of lib/store — writes, the
 * transaction, the client, reads that carry a credential — goes through lib/services.
 */
const APP_STORE_READS = {
  "api-tokens": ["listApiTokens"],
  "change-sets": ["getChangeSet", "listChangeSets"],
  clusters: ["getCluster", "getClusterSummary", "listClusters"],
  "global-services": ["getGlobalService", "listGlobalServices"],
  health: ["countGlobalServices", "pingDatabase"],
  intent: ["listIntent"],
  overview: ["getOverview", "getOverviewPage"],
  services: ["listServices"],
  settings: ["readGlobalHostStyle"],
  users: ["listUsers"],
};

/** Within an allowed layer, files this one must not import. */
const EXCEPT = {
  services: { store: ["client", "generated"] },
};

/**
 * Imports of a lib/ folder: by alias, or relative from a file `depth` folders below lib/
 * (lib/meshes and lib/agent-protocol import each other relatively, for the agent's sake).
 */
const forbid = (layer, message, depth = 0) => [
  { group: [`@/lib/${layer}`, `@/lib/${layer}/**`], message },
  ...(depth > 0 ? [{ regex: `^(\\.\\./){${depth}}${layer}(/|$)`, message }] : []),
];

function restrictions(layer, allowed, depth) {
  const patterns = [
    { group: ["@/components/*", "@/app/*"], message: "lib/ never imports the UI." },
  ];
  for (const other of Object.keys(LAYERS)) {
    if (other === layer) continue;
    const say = `lib/${layer} may import only ${allowed.map((a) => `lib/${a}`).join(", ") || "nothing of lib/"} (docs/architecture.md).`;
    if (!allowed.includes(other)) {
      patterns.push(...forbid(other, say, depth));
      continue;
    }
    const only = ONLY[layer]?.[other];
    if (only) {
      patterns.push({
        group: [`@/lib/${other}/**`, ...only.map((f) => `!@/lib/${other}/${f}`)],
        message: `lib/${layer} may import only ${only.map((f) => `lib/${other}/${f}`).join(", ")} of lib/${other}.`,
      });
    }
    for (const f of EXCEPT[layer]?.[other] ?? []) {
      patterns.push({
        group: [`@/lib/${other}/${f}`, `@/lib/${other}/${f}/**`],
        message: `lib/${layer} reaches the database through lib/${other}'s functions, never lib/${other}/${f}.`,
      });
    }
  }
  if (PURE.includes(layer)) {
    patterns.push({
      group: ["next", "next/*", "@prisma/*", "react", "react-dom", "server-only"],
      message: `lib/${layer} is pure: no Next, Prisma or React.`,
    });
  }
  return patterns;
}

/** app/ reaches lib/store only for the reads in APP_STORE_READS, and only those names. */
function appStorePatterns() {
  const say =
    "Pages and routes write through lib/services; of lib/store they call only the reads listed in APP_STORE_READS (eslint.config.mjs).";
  const files = Object.keys(APP_STORE_READS);
  return [
    {
      group: ["@/lib/store/**", ...files.map((f) => `!@/lib/store/${f}`)],
      message: say,
    },
    ...files.map((f) => ({
      group: [`@/lib/store/${f}`],
      allowImportNames: APP_STORE_READS[f],
      message: say,
    })),
  ];
}

function layerRules() {
  // One block per folder depth, so that a relative `../x` is read as the folder it names.
  const rules = Object.entries(LAYERS).flatMap(([layer, allowed]) =>
    [1, 2, 3].map((depth) => ({
      files: [`lib/${layer}/${"*/".repeat(depth - 1)}*`],
      rules: {
        "no-restricted-imports": ["error", { patterns: restrictions(layer, allowed, depth) }],
      },
    })),
  );
  rules.push({
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "store",
            "services",
            "api",
            "auth",
            "infra",
            "fleet-metrics",
            "crypto",
          ].flatMap((l) =>
            forbid(l, `Components use lib/model, domain and graph; data comes through the API.`),
          ),
        },
      ],
    },
  });
  rules.push({
    files: ["app/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: appStorePatterns() }],
    },
  });
  return rules;
}

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
  ...layerRules(),
];

export default config;
