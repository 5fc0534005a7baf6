import { Fragment } from "react";

/**
 * Plain text from the API in which `backticks` mark a command or a name: the marked parts are
 * shown as code, never as raw Markdown.
 */
export function TextWithCode({ text }: { text: string }) {
  const parts = text.split("`");
  // An odd count of backticks leaves the last one unpaired: show it as text.
  const paired = parts.length % 2 === 1;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && (paired || i < parts.length - 1) ? (
          <code
            key={i}
            className="bg-surface-2 border-border rounded border px-1 py-0.5 font-mono text-[12px] [overflow-wrap:anywhere]"
          >
            {part}
          </code>
        ) : (
          <Fragment key={i}>{i > 0 && i % 2 === 1 ? `\`${part}` : part}</Fragment>
        ),
      )}
    </>
  );
}
