import { shortFingerprint } from "@/lib/domain/trust";

/** A root fingerprint, shortened, with the full SHA-256 for hover and screen readers. */
export function RootLabel({ fingerprint }: { fingerprint: string }) {
  if (!fingerprint) return <span className="text-subtle">unknown</span>;
  return (
    <code className="text-muted font-mono text-[12px]" title={`SHA-256 ${fingerprint}`}>
      {shortFingerprint(fingerprint)}
      <span className="sr-only"> (SHA-256 {fingerprint})</span>
    </code>
  );
}
