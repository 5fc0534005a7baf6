import { Card, CardHeader } from "@/components/ui/card";

/** A change set's changes in words, every one of them (its title names only the first). */
export function ChangeList({ changes }: { changes: string[] }) {
  return (
    <Card data-testid="change-set-changes">
      <CardHeader
        title={`What changed (${changes.length})`}
        description="The intent this change set wrote; the resources each cluster got are below."
      />
      <ul className="divide-border divide-y px-4 pb-1">
        {changes.map((change, i) => (
          <li key={i} className="text-fg py-1.5 text-[13px] first-letter:uppercase">
            {change}
          </li>
        ))}
      </ul>
    </Card>
  );
}
