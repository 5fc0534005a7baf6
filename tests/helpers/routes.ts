import { readdirSync } from "node:fs";
import path from "node:path";

/** app/api, where every route file lives. */
export const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type Method = (typeof METHODS)[number];

function findRoutes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return findRoutes(p);
    return e.name === "route.ts" ? [p] : [];
  });
}

/** Every route file under app/api, with its pattern (e.g. /api/v1/clusters/[name]). */
export const ROUTES = findRoutes(API_DIR).map((file) => ({
  file,
  route: "/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/"),
}));
