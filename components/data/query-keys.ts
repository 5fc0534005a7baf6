import type { GlobalServiceQuery } from "@/lib/model/inventory";

/** Every react-query key in the app comes from here, so invalidation stays consistent. */
export const queryKeys = {
  globalServices: {
    all: ["global-services"] as const,
    list: (query: GlobalServiceQuery) => ["global-services", "list", query] as const,
  },
  clusters: {
    all: ["clusters"] as const,
    /** Desired vs observed state of one cluster (GET /api/v1/clusters/{name}/desired). */
    state: (name: string) => ["clusters", name, "state"] as const,
    /** One cluster's summary and agent status (GET /api/v1/clusters/{name}/agent). */
    summary: (name: string) => ["clusters", name, "summary"] as const,
  },
  /** The trust federation view (GET /api/v1/trust). */
  trust: {
    all: ["trust"] as const,
  },
  topology: {
    all: ["topology"] as const,
    /** GET /api/v1/topology with these search params. */
    graph: (search: string) => ["topology", search] as const,
  },
  /** Settings → Users (GET /api/v1/users, admin). */
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
  /** The audit trail (GET /api/v1/audit) with these search params. */
  audit: {
    all: ["audit"] as const,
    list: (search: string) => ["audit", "list", search] as const,
  },
  /** Federation peers (GET /api/v1/peers) and what each offers (…/peers/{name}/offers). */
  peers: {
    all: ["peers"] as const,
    list: () => ["peers", "list"] as const,
    offers: (name: string, cursor: string) => ["peers", name, "offers", cursor] as const,
  },
  apiTokens: {
    all: ["api-tokens"] as const,
    list: () => ["api-tokens", "list"] as const,
  },
  /** Sharing and failover intent of every global service (GET /api/v1/intent). */
  intent: {
    all: ["intent"] as const,
    list: () => ["intent", "list"] as const,
    /** Who serves whom for one global service (GET …/global-services/{ns}/{name}/serving). */
    serving: (namespace: string, name: string) => ["intent", "serving", namespace, name] as const,
  },
  changeSets: {
    all: ["change-sets"] as const,
    list: () => ["change-sets", "list"] as const,
    detail: (id: string) => ["change-sets", "detail", id] as const,
  },
  /** The fleet's alerts (GET /api/v1/alerts) and their badge counts (GET …/alerts/summary). */
  alerts: {
    all: ["alerts"] as const,
    list: (query: Record<string, string>) => ["alerts", "list", query] as const,
    summary: () => ["alerts", "summary"] as const,
  },
  /** Metrics sources, the SSRF allow-list and a global service's golden signals. */
  metrics: {
    all: ["metrics"] as const,
    sources: () => ["metrics", "sources"] as const,
    allowList: () => ["metrics", "allow-list"] as const,
    service: (namespace: string, name: string, range: string) =>
      ["metrics", "service", namespace, name, range] as const,
  },
};
