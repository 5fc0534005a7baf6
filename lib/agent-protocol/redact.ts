// Shared by the server's and the agent's loggers: no secret reaches a log line.

/** Replace secrets in a string with a marker. */
export function redact(text: string): string {
  return text
    .replace(/mrd_(?:pat|join|agent)_[A-Za-z0-9_-]+/g, "[redacted]")
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, "$1 [redacted]")
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s:@/]+:[^\s@/]+@/gi, "$1[redacted]@")
    .replace(
      // Quotes may come escaped: a JSON document logged inside a message string.
      /((?:\\?")?(?:authorization|cookie|password|secret|token)(?:\\?")?\s*[:=]\s*(?:\\?")?)[^\s"',};\\]+/gi,
      "$1[redacted]",
    );
}
