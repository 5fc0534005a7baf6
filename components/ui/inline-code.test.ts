import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextWithCode } from "./inline-code";

const html = (text: string) => renderToStaticMarkup(createElement(TextWithCode, { text }));
const codes = (markup: string) =>
  [...markup.matchAll(/<code[^>]*>([^<]*)<\/code>/g)].map((m) => m[1]);

describe("TextWithCode (issue 24.9: no raw Markdown backticks)", () => {
  it("shows each backticked part as code and no backtick", () => {
    const out = html("stop it and run `npm run demo`, then `open` it.");
    expect(codes(out)).toEqual(["npm run demo", "open"]);
    expect(out).not.toContain("`");
  });

  it("keeps an unpaired backtick as text", () => {
    const out = html("a `b` c `d");
    expect(codes(out)).toEqual(["b"]);
    expect(out.replace(/<[^>]+>/g, "")).toBe("a b c `d");
  });

  it("leaves text without backticks alone", () => {
    expect(html("plain")).toBe("plain");
  });
});
