import { formatAbsolute, formatRelative } from "@/components/format/time";

type RelativeTimeProps = {
  iso: string | null;
  /** Text when the time is null, e.g. "never". */
  fallback?: string;
  className?: string;
};

/** "5 min ago" with the absolute time in the title (server and client safe). */
export function RelativeTime({ iso, fallback = "—", className }: RelativeTimeProps) {
  if (!iso) return <span className={className ?? "text-subtle"}>{fallback}</span>;
  return (
    <time dateTime={iso} title={formatAbsolute(iso)} className={className} suppressHydrationWarning>
      {formatRelative(iso)}
    </time>
  );
}
