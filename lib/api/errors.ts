import type { z } from "zod";

/** A typed API error; the route wrapper turns it into `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} not found`);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
export const badRequest = (message: string, details?: unknown) =>
  new ApiError(400, "bad_request", message, details);

/** Describe zod issues in one readable line, naming each field. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const where = i.path.length ? i.path.join(".") : "body";
      if (i.code === "unrecognized_keys") return `unknown field(s): ${i.keys.join(", ")}`;
      return `${where}: ${i.message}`;
    })
    .join("; ");
}

/** Parse with a schema or throw a 400 that says what is wrong. */
export function parseOrThrow<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(
      400,
      "invalid_input",
      describeZodError(parsed.error),
      parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  }
  return parsed.data;
}
