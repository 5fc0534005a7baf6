import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

import { compileFleet } from "../index";
import { resourceYaml, toYaml } from "./resource-yaml";
import { bookinfoFleet, RICH_INTENT } from "../testing/bookinfo";

const MESHES = ["none", "istio", "linkerd", "cilium", "consul"] as const;
const compiled = MESHES.flatMap((mesh) =>
  Object.values(compileFleet(RICH_INTENT, bookinfoFleet(mesh)).clusters).flatMap(
    (c) => c.resources,
  ),
);

// Strings a YAML 1.1 or 1.2 reader would take for something else, and awkward ones.
const TRICKY = [
  "",
  " ",
  "80",
  "-1",
  "0x1F",
  "1e3",
  "1_000",
  "1:20",
  ".5",
  ".inf",
  ".nan",
  "true",
  "False",
  "yes",
  "NO",
  "on",
  "Off",
  "y",
  "n",
  "null",
  "~",
  "2026-12-03",
  "a: b",
  "a:",
  "a #b",
  "#x",
  "- x",
  "-",
  "? x",
  "*alias",
  "&anchor",
  "!tag",
  "|",
  ">",
  "'q'",
  '"q"',
  "@at",
  "`tick`",
  "%percent",
  "{a}",
  "[a]",
  "a,b",
  "trailing ",
  " leading",
  "two  spaces",
  "multi\nline",
  "tab\there",
  "crlf\r\n",
  "nul\u0000",
  "line\u2028sep",
  "next\u0085line",
  "é",
  "spiffe://cluster.local/ns/bookinfo/sa/reviews",
  "*.global",
  "30s",
  "10ms",
  "1e",
  "0x",
  "0b1",
  "0o7",
  "1h30m",
  "5m.x",
  "a=b",
  "cluster.local/*",
  "240.241.3.4",
  "1.24.2",
  "1.2",
  "1.2.",
  ".1.2.3",
  "1..2.3",
];

describe("toYaml", () => {
  it("writes every compiled resource of every mesh exactly as the yaml library does", () => {
    expect(compiled.length).toBeGreaterThan(20);
    for (const r of compiled)
      expect(resourceYaml(r)).toBe(stringify(r, { sortMapEntries: true, lineWidth: 0 }));
  });

  it("writes empty collections, nulls and nested sequences inline or as blocks", () => {
    expect(toYaml({ b: [], a: {}, c: null, d: [[1, 2], [], { y: 1, x: [true] }] })).toBe(
      [
        "a: {}",
        "b: []",
        "c: null",
        "d:",
        "  - - 1",
        "    - 2",
        "  - []",
        "  - x:",
        "      - true",
        '    "y": 1',
        "",
      ].join("\n"),
    );
    expect(toYaml({})).toBe("{}\n");
    expect(toYaml("80")).toBe('"80"\n');
  });

  it.each(TRICKY)("keeps %j a string, as a value and as a key", (s) => {
    const doc = { [s]: s, list: [s] };
    expect(parse(toYaml(doc))).toEqual(doc);
    expect(parse(toYaml(doc), { version: "1.1" })).toEqual(doc);
  });

  it("parses back to the same value for arbitrary JSON (fast-check)", () => {
    const key = fc.oneof(fc.constantFrom(...TRICKY), fc.string());
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom(...TRICKY),
        fc.string(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(key, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const json = JSON.parse(JSON.stringify(v)) as unknown; // -0 → 0, as a resource would be
        expect(parse(toYaml(json))).toEqual(json);
        expect(parse(toYaml(json), { version: "1.1" })).toEqual(json);
      }),
      { numRuns: 2000 },
    );
  });
});
