import { FileQuestion } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** No change set by this number or id (the page's 404, and one removed while it was open). */
export function ChangeSetNotFound({ id }: { id?: string }) {
  return (
    <EmptyState
      as="h1"
      icon={<FileQuestion aria-hidden />}
      title="Change set not found"
      actions={
        <Link href="/changes" className={buttonClasses()}>
          All changes
        </Link>
      }
    >
      {id === undefined
        ? "No change set has this number. The link may be mistyped."
        : `There is no change set ${/^\d+$/.test(id) ? `#${id}` : id}.`}
    </EmptyState>
  );
}
