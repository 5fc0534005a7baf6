import { intentChangesInWords, type IntentState } from "@/lib/domain/intent-in-words";

/** One service's proposed change in words, restated above its plan. */
export function ChangeWords({ before, after }: { before?: IntentState; after: IntentState }) {
  const words = intentChangesInWords(before ? [before] : [], [after]);
  if (words.length === 0) return null;
  return (
    <ul className="space-y-0.5" data-testid="change-words">
      {words.map((w) => (
        <li key={w} className="first-letter:uppercase">
          {w}
        </li>
      ))}
    </ul>
  );
}
