"use client";

import { useState, type FormEvent } from "react";
import type {
  MetricsSourceCreateInput,
  MetricsSourceDto,
  MetricsSourceUpdateInput,
  SourceAuthInput,
} from "@/lib/model/metrics";
import type { ApiRequestError } from "@/components/data/api-error";
import { useCreateMetricsSource, useUpdateMetricsSource } from "@/components/data/use-metrics";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";

type AuthType = SourceAuthInput["type"];

type FormState = {
  name: string;
  kind: "prometheus" | "alertmanager";
  url: string;
  scope: "global" | "cluster";
  clusterName: string;
  authType: AuthType;
  username: string;
  password: string;
  token: string;
  enabled: boolean;
};

function initialState(source: MetricsSourceDto | null, clusters: string[]): FormState {
  return {
    name: source?.name ?? "",
    kind: source?.kind ?? "prometheus",
    url: source?.url ?? "",
    scope: source?.scope ?? "global",
    clusterName: source?.clusterName ?? clusters[0] ?? "",
    authType: source?.auth ?? "none",
    username: "",
    password: "",
    token: "",
    enabled: source?.enabled ?? true,
  };
}

/**
 * The credentials to send: omitted on edit when the kind is unchanged and nothing new was
 * typed (the stored, write-only secret is kept), otherwise exactly what the admin entered.
 */
function authToSend(f: FormState, source: MetricsSourceDto | null): SourceAuthInput | undefined {
  const untouched = !f.username && !f.password && !f.token;
  if (source && source.hasAuth && f.authType === source.auth && untouched) return undefined;
  if (source && !source.hasAuth && f.authType === "none") return undefined;
  if (f.authType === "basic") return { type: "basic", username: f.username, password: f.password };
  if (f.authType === "bearer") return { type: "bearer", token: f.token };
  return { type: "none" };
}

type SourceFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The source to edit, or null to add one. */
  source: MetricsSourceDto | null;
  clusters: string[];
};

/** Add or edit a metrics source. Secrets are write-only: never shown, kept unless replaced. */
export function SourceFormDialog({ open, onOpenChange, source, clusters }: SourceFormDialogProps) {
  const [form, setForm] = useState(() => initialState(source, clusters));
  const create = useCreateMetricsSource();
  const update = useUpdateMetricsSource();
  const pending = create.isPending || update.isPending;
  const error = (source ? update.error : create.error) as ApiRequestError | Error | null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const keepsSecret = Boolean(source?.hasAuth && form.authType === source.auth);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const auth = authToSend(form, source);
    const common = {
      name: form.name,
      kind: form.kind,
      url: form.url,
      scope: form.scope,
      clusterName: form.scope === "cluster" ? form.clusterName : null,
      enabled: form.enabled,
    };
    try {
      if (source) {
        const input: MetricsSourceUpdateInput = { ...common, ...(auth ? { auth } : {}) };
        await update.mutateAsync({ id: source.id, input });
      } else {
        const input: MetricsSourceCreateInput = { ...common, auth: auth ?? { type: "none" } };
        await create.mutateAsync(input);
      }
      onOpenChange(false);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  const secretHint = keepsSecret ? "Stored encrypted. Leave empty to keep it." : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={source ? `Edit ${source.name}` : "Add a metrics source"}
      description="A Prometheus-compatible endpoint (Prometheus, Thanos, Mimir) or an Alertmanager. Meridian only reads from it."
      data-testid="source-form"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="primary" type="submit" form="source-form-el" loading={pending}>
            {source ? "Save changes" : "Add source"}
          </Button>
        </>
      }
    >
      <form id="source-form-el" onSubmit={handleSubmit} className="grid grid-cols-2 gap-3">
        <Field label="Name" htmlFor="src-name" className="col-span-2 sm:col-span-1">
          <Input
            id="src-name"
            required
            value={form.name}
            onChange={(e) => set("name", e.target.value)}
            placeholder="global-prometheus"
          />
        </Field>
        <Field label="Kind" htmlFor="src-kind" className="col-span-2 sm:col-span-1">
          <Select
            id="src-kind"
            value={form.kind}
            onChange={(e) => set("kind", e.target.value as FormState["kind"])}
          >
            <option value="prometheus">Prometheus API</option>
            <option value="alertmanager">Alertmanager (alerts only)</option>
          </Select>
        </Field>
        <Field
          label="URL"
          htmlFor="src-url"
          className="col-span-2"
          hint="Base URL; path prefixes work (https://thanos.example.com/prometheus). Private addresses need the allow-list below."
        >
          <Input
            id="src-url"
            required
            value={form.url}
            onChange={(e) => set("url", e.target.value)}
            placeholder="https://prometheus.example.com"
            className="font-mono text-xs"
          />
        </Field>
        <Field label="Scope" htmlFor="src-scope">
          <Select
            id="src-scope"
            value={form.scope}
            onChange={(e) => set("scope", e.target.value as FormState["scope"])}
          >
            <option value="global">Global (all clusters)</option>
            <option value="cluster">One cluster</option>
          </Select>
        </Field>
        <Field label="Cluster" htmlFor="src-cluster">
          <Select
            id="src-cluster"
            value={form.clusterName}
            disabled={form.scope !== "cluster"}
            onChange={(e) => set("clusterName", e.target.value)}
          >
            {clusters.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Authentication" htmlFor="src-auth" className="col-span-2 sm:col-span-1">
          <Select
            id="src-auth"
            value={form.authType}
            onChange={(e) => set("authType", e.target.value as AuthType)}
          >
            <option value="none">None</option>
            <option value="basic">Basic (user + password)</option>
            <option value="bearer">Bearer token</option>
          </Select>
        </Field>
        <label className="text-muted col-span-2 flex items-center gap-2 self-end pb-1.5 text-xs sm:col-span-1">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set("enabled", e.target.checked)}
            className="accent-accent size-3.5"
          />
          Enabled
        </label>
        {form.authType === "basic" ? (
          <>
            <Field label="Username" htmlFor="src-user">
              <Input
                id="src-user"
                autoComplete="off"
                required={!keepsSecret}
                value={form.username}
                placeholder={keepsSecret ? "•••••• (unchanged)" : undefined}
                onChange={(e) => set("username", e.target.value)}
              />
            </Field>
            <Field label="Password" htmlFor="src-pass" hint={secretHint}>
              <Input
                id="src-pass"
                type="password"
                autoComplete="new-password"
                required={!keepsSecret}
                value={form.password}
                placeholder={keepsSecret ? "•••••• (unchanged)" : undefined}
                onChange={(e) => set("password", e.target.value)}
              />
            </Field>
          </>
        ) : null}
        {form.authType === "bearer" ? (
          <Field label="Token" htmlFor="src-token" className="col-span-2" hint={secretHint}>
            <Input
              id="src-token"
              type="password"
              autoComplete="off"
              required={!keepsSecret}
              value={form.token}
              placeholder={keepsSecret ? "•••••• (unchanged)" : undefined}
              onChange={(e) => set("token", e.target.value)}
            />
          </Field>
        ) : null}
        {error ? (
          <p role="alert" className="col-span-2 text-[13px] text-red-700 dark:text-red-300">
            {error.message}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
