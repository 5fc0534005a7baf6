import { z } from "zod";

// Values Meridian writes into PromQL text. Validating them keeps PromQL injection out of the
// queries; one schema each, for the configuration (lib/infra/env.ts) and the query builders.

/** A rate() window such as 30s or 1m; it must cover ≥ 2 scrapes (use ≥ 4× the interval). */
export const rateWindowSchema = z
  .string()
  .regex(/^[1-9][0-9]*(ms|s|m|h)$/, "must be a duration such as 30s, 1m or 1h")
  .default("1m");

/** The label that carries the cluster of a federated series (the external label). */
export const clusterLabelSchema = z
  .string()
  .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, "must be a Prometheus label name")
  .default("cluster");
