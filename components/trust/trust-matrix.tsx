import { Check, Minus, X } from "lucide-react";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { TrustEdge, TrustView } from "@/lib/model/trust";

type Cell = { state: "self" | "trusts" | "no" | "unknown"; edge?: TrustEdge };

function cellOf(view: TrustView, from: string, to: string, edges: Map<string, TrustEdge>): Cell {
  if (from === to) return { state: "self" };
  const edge = edges.get(`${from}\n${to}`);
  if (edge) return { state: "trusts", edge };
  const a = view.clusters.find((c) => c.cluster === from);
  const b = view.clusters.find((c) => c.cluster === to);
  return !a?.roots.length || !b?.signingRoot ? { state: "unknown" } : { state: "no" };
}

const WORDS: Record<Cell["state"], string> = {
  self: "itself",
  trusts: "trusts",
  no: "does not trust",
  unknown: "unknown",
};

/** Rows verify columns: a check where the row's cluster trusts the root that signs the column's. */
export function TrustMatrix({ view }: { view: TrustView }) {
  const edges = new Map(view.edges.map((e) => [`${e.from}\n${e.to}`, e]));
  const names = view.clusters.map((c) => c.cluster);
  return (
    <Card>
      <CardHeader
        title="Trust matrix"
        description="Each row's cluster verifies (✓) or cannot verify (✕) the workloads of each column's cluster."
      />
      <Table label="Trust matrix: row trusts column">
        <THead>
          <TR>
            <TH>Verifier ↓ / signer →</TH>
            {names.map((n) => (
              <TH key={n} className="text-center normal-case">
                {n}
              </TH>
            ))}
          </TR>
        </THead>
        <TBody>
          {names.map((from) => (
            <TR key={from}>
              <TH scope="row" className="text-fg normal-case">
                {from}
              </TH>
              {names.map((to) => {
                const cell = cellOf(view, from, to, edges);
                const extra = cell.edge?.viaRotation
                  ? " (during a rotation window)"
                  : cell.edge && cell.edge.domain !== "same"
                    ? ` (${cell.edge.domain} trust domain)`
                    : "";
                return (
                  <TD key={to} className="text-center" data-testid={`trust-cell-${from}-${to}`}>
                    <span
                      title={`${from} ${WORDS[cell.state]} ${to}${extra}`}
                      className="inline-flex"
                    >
                      {cell.state === "trusts" ? (
                        <Check
                          className="size-4 text-emerald-600 dark:text-emerald-400"
                          aria-hidden
                        />
                      ) : cell.state === "no" ? (
                        <X className="size-4 text-red-600 dark:text-red-400" aria-hidden />
                      ) : cell.state === "self" ? (
                        <Minus className="text-subtle size-4" aria-hidden />
                      ) : (
                        <span className="text-subtle text-xs" aria-hidden>
                          ?
                        </span>
                      )}
                      <span className="sr-only">
                        {from} {WORDS[cell.state]} {to}
                        {extra}
                      </span>
                    </span>
                  </TD>
                );
              })}
            </TR>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
