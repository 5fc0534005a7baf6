"use client";

import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useCreateApiToken, type CreatedToken } from "@/components/data/use-api-tokens";
import { Button } from "@/components/ui/button";
import { Toggle } from "@/components/graph/topology-filters";
import { Field, Input } from "@/components/ui/field";
import { DEFAULT_TOKEN_EXPIRY_DAYS } from "@/lib/model/inventory";

const MAX_EXPIRY_DAYS = 365;

export function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedToken) => void }) {
  const [name, setName] = useState("");
  const [days, setDays] = useState(String(DEFAULT_TOKEN_EXPIRY_DAYS));
  const [never, setNever] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateApiToken();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setFormError("Give the token a name, e.g. the script or CI job that will use it.");
      return;
    }
    // "Never" is sent only when chosen; otherwise the days given (90 unless changed).
    const expiresInDays = never ? null : Number(days);
    if (
      expiresInDays !== null &&
      (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > MAX_EXPIRY_DAYS)
    ) {
      setFormError(`Expiry must be a whole number of days between 1 and ${MAX_EXPIRY_DAYS}.`);
      return;
    }
    try {
      const created = await create.mutateAsync({ name: trimmed, expiresInDays });
      setName("");
      setDays(String(DEFAULT_TOKEN_EXPIRY_DAYS));
      setNever(false);
      onCreated(created);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : "Could not create the token.");
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="flex flex-wrap items-end gap-3"
      aria-label="Create API token"
    >
      <Field label="Token name" htmlFor="token-name" className="min-w-56 flex-1">
        <Input
          id="token-name"
          value={name}
          maxLength={80}
          placeholder="e.g. ci-deploy"
          onChange={(e) => setName(e.target.value)}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? "token-form-error" : undefined}
        />
      </Field>
      <Field label="Expires in (days)" htmlFor="token-expiry" className="w-40">
        <Input
          id="token-expiry"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_EXPIRY_DAYS}
          value={never ? "" : days}
          disabled={never}
          onChange={(e) => setDays(e.target.value)}
        />
      </Field>
      <Toggle checked={never} onChange={setNever}>
        Never expires
      </Toggle>
      <Button type="submit" variant="primary" loading={create.isPending}>
        {create.isPending ? null : <Plus className="size-3.5" aria-hidden />}
        Create token
      </Button>
      {formError ? (
        <p
          id="token-form-error"
          role="alert"
          className="basis-full text-[13px] text-red-700 dark:text-red-300"
        >
          {formError}
        </p>
      ) : null}
    </form>
  );
}
