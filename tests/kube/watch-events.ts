/** Collects watch events from a real API server until a condition holds. */
import { Watch, type KubeConfig } from "@kubernetes/client-node";

/** One event as delivered by @kubernetes/client-node's Watch. */
export interface WatchEvent {
  type: string;
  object: {
    kind?: string;
    code?: number;
    reason?: string;
    metadata?: { name?: string; resourceVersion?: string };
  } & Record<string, unknown>;
}

/** How a watch ended: the events seen and, if the connection failed, the HTTP status. */
export interface WatchResult {
  events: WatchEvent[];
  /** HTTP status when the server refused the watch (reported through the done callback). */
  httpStatus?: number;
  /** Set when the watch ended with another error. */
  error?: unknown;
}

/**
 * Watches `path` and resolves once `until(events)` is true, the server ends the watch
 * or refuses it (e.g. 410 as an HTTP status), or `timeoutMs` passes.
 */
export async function watchUntil(
  kc: KubeConfig,
  path: string,
  params: Record<string, string | number | boolean | undefined>,
  until: (events: WatchEvent[]) => boolean,
  timeoutMs = 15_000,
  onStarted?: () => Promise<void>,
): Promise<WatchResult> {
  const events: WatchEvent[] = [];
  let finish: (r: WatchResult) => void = () => undefined;
  const done = new Promise<WatchResult>((resolve) => (finish = resolve));
  const controller = await new Watch(kc).watch(
    path,
    params,
    (type, object) => {
      events.push({ type, object: object as WatchEvent["object"] });
      if (until(events)) finish({ events });
    },
    (err: unknown) => {
      const status = (err as { statusCode?: number } | null)?.statusCode;
      finish(status ? { events, httpStatus: status } : err ? { events, error: err } : { events });
    },
  );
  const timer = setTimeout(
    () => finish({ events, error: new Error(`watch ${path}: timed out after ${timeoutMs} ms`) }),
    timeoutMs,
  );
  if (onStarted) await onStarted();
  const result = await done;
  clearTimeout(timer);
  controller.abort();
  return result;
}
