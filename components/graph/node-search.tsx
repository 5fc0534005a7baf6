"use client";

import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { Input } from "@/components/ui/field";
import type { TopologyNode } from "@/lib/graph/schema";

/** How a node is named in the search suggestions: "reviews · east-2". */
export function searchName(n: TopologyNode): string {
  if (n.kind === "service") return `${n.label} · ${n.cluster}`;
  if (n.kind === "global-service") return `${n.label} · global`;
  if (n.kind === "namespace") return `${n.label} · ${n.cluster} namespace`;
  return `${n.label} · ${n.kind}`;
}

/** The node a query names: an exact suggestion, else the first whose name contains it. */
export function findNode(nodes: TopologyNode[], query: string): TopologyNode | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return undefined;
  return (
    nodes.find((n) => searchName(n).toLowerCase() === q) ??
    nodes.find((n) => n.kind === "service" && n.label.toLowerCase() === q) ??
    nodes.find((n) => searchName(n).toLowerCase().includes(q))
  );
}

type NodeSearchProps = { nodes: TopologyNode[]; onFound: (id: string) => void };

/** Search box with suggestions; Enter centres the map on the match and selects it. */
export function NodeSearch({ nodes, onFound }: NodeSearchProps) {
  const listId = useId();
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const hit = findNode(nodes, value);
    setMissing(!hit);
    if (hit) onFound(hit.id);
  }
  return (
    <form role="search" onSubmit={handleSubmit} className="w-full sm:w-44">
      <div className="relative">
        <Search
          className="text-subtle pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Find a node on the map"
          placeholder="Find a service…"
          list={listId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setMissing(false);
          }}
          aria-invalid={missing || undefined}
          className="pl-8"
          data-testid="topology-search"
        />
      </div>
      <datalist id={listId}>
        {nodes
          .filter((n) => n.kind !== "region")
          .map((n) => (
            <option key={n.id} value={searchName(n)} />
          ))}
      </datalist>
      {/* In the flow, under the box: the row grows instead of the message covering a banner. */}
      {missing ? (
        <p role="status" className="mt-1 text-xs text-red-700 dark:text-red-400">
          Nothing on the map matches “{value}”.
        </p>
      ) : null}
    </form>
  );
}
