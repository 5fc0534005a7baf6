// zod schemas for the Prometheus HTTP API response envelope.
// https://prometheus.io/docs/prometheus/latest/querying/api/#format-overview
import { z } from "zod";

/**
 * Parses a Prometheus sample value. Prometheus encodes values as strings because JSON
 * has no NaN or infinities; it writes them as "NaN", "+Inf" and "-Inf".
 */
export function parseSampleValue(raw: string): number {
  if (raw === "NaN") return Number.NaN;
  if (raw === "+Inf" || raw === "Inf") return Number.POSITIVE_INFINITY;
  if (raw === "-Inf") return Number.NEGATIVE_INFINITY;
  const n = Number(raw);
  if (Number.isNaN(n)) throw new Error("invalid sample value");
  return n;
}

/** `[unixSeconds, "value"]` → `[unixSeconds, number]`. */
export const SampleSchema = z
  .tuple([z.number(), z.string()])
  .transform(([t, v]) => [t, parseSampleValue(v)] as [number, number]);

const MetricSchema = z.record(z.string(), z.string());

export const VectorDataSchema = z.object({
  resultType: z.literal("vector"),
  result: z.array(z.object({ metric: MetricSchema, value: SampleSchema })),
});
export const MatrixDataSchema = z.object({
  resultType: z.literal("matrix"),
  result: z.array(z.object({ metric: MetricSchema, values: z.array(SampleSchema) })),
});
export const ScalarDataSchema = z.object({ resultType: z.literal("scalar"), result: SampleSchema });
export const StringDataSchema = z.object({
  resultType: z.literal("string"),
  result: z.tuple([z.number(), z.string()]),
});

export const QueryDataSchema = z.discriminatedUnion("resultType", [
  VectorDataSchema,
  MatrixDataSchema,
  ScalarDataSchema,
  StringDataSchema,
]);

/** The envelope: `{status:"success", data, warnings?}` or `{status:"error", errorType, error}`. */
export const ApiResponseSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("success"),
    data: QueryDataSchema,
    warnings: z.array(z.string()).optional(),
  }),
  z.object({
    status: z.literal("error"),
    errorType: z.string(),
    error: z.string(),
    warnings: z.array(z.string()).optional(),
  }),
]);

/** A parsed query result (`data` of a successful response). */
export type QueryData = z.infer<typeof QueryDataSchema>;
/** One series of an instant vector. */
export type VectorSample = z.infer<typeof VectorDataSchema>["result"][number];
/** One series of a range matrix. */
export type MatrixSeries = z.infer<typeof MatrixDataSchema>["result"][number];
