// The one place the UI formats times: in the reader's locale and time zone (the browser's;
// on the server Node's, which the client's hydration then replaces where it differs).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "medium",
});
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "just now", "5 min ago", "3 h ago", "2 d ago", or "in 4 d" for future times. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "unknown";
  const diff = now - then;
  const abs = Math.abs(diff);
  let text: string;
  if (abs < 45_000) return diff >= 0 ? "just now" : "in a moment";
  if (abs < HOUR) text = `${Math.max(1, Math.round(abs / MINUTE))} min`;
  else if (abs < DAY) text = `${Math.round(abs / HOUR)} h`;
  else if (abs < 60 * DAY) text = `${Math.round(abs / DAY)} d`;
  else return formatDate(iso);
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/** Date and time in the reader's locale, e.g. "Dec 2, 2026, 4:38:23 PM" (en-US). */
export function formatAbsolute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTime.format(d);
}

/** The date alone in the reader's locale, e.g. "Dec 2, 2026" (en-US). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateOnly.format(d);
}
