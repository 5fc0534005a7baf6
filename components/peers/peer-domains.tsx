"use client";

import { useState } from "react";
import type { PeerDto } from "@/lib/model/peers";
import { useSetPeerDomains } from "@/components/data/use-peers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/**
 * The DNS domains a peer may offer names in (deny by default: with none, every offer is NACKed
 * and nothing is stored). An admin edits them here; a change reconnects that peer's stream only,
 * so what it offers is judged again.
 */
export function PeerDomains({ peer, canEdit }: { peer: PeerDto; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(peer.domains.join(", "));
  const save = useSetPeerDomains();
  const id = `peer-domains-${peer.name}`;
  const handleSave = () => {
    const domains = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
    save.mutate(
      { name: peer.name, version: peer.version, domains },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <div className="border-border border-b px-4 py-3 text-[13px]" data-testid="peer-domains">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-subtle text-[11px] font-medium tracking-wide uppercase">
          May offer names in
        </span>
        {peer.domains.length ? (
          peer.domains.map((d) => (
            <Badge key={d} tone="accent">
              {d}
            </Badge>
          ))
        ) : (
          <span className="text-muted">no domain yet: every offer is refused</span>
        )}
        {canEdit && !editing ? (
          <Button size="sm" onClick={() => setEditing(true)} className="ml-auto">
            Edit domains
          </Button>
        ) : null}
      </div>
      {editing ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <Field
            label="Domains (comma-separated)"
            htmlFor={id}
            className="min-w-0 flex-1"
            hint="e.g. partner.example: the peer may offer partner.example and names under it."
          >
            <Input
              id={id}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="partner.example"
            />
          </Field>
          <Button size="sm" variant="primary" onClick={handleSave} disabled={save.isPending}>
            Save
          </Button>
          <Button size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
            Cancel
          </Button>
          {save.error ? (
            <p className="w-full text-xs text-red-700 dark:text-red-300" role="alert">
              {save.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
