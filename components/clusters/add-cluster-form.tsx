"use client";

import { useState, type FormEvent } from "react";
import {
  clusterCreateSchema,
  type ClusterCreateInput,
  type ClusterSummary,
} from "@/lib/model/inventory";
import { ApiRequestError } from "@/components/data/api-error";
import { useCreateCluster } from "@/components/data/use-clusters";
import { Field, Input, Select } from "@/components/ui/field";

export const ADD_CLUSTER_FORM_ID = "add-cluster-form";

type Values = Record<
  "name" | "displayName" | "region" | "zone" | "network" | "provider",
  string
> & {
  kind: ClusterSummary["kind"];
};
type FieldName = keyof Values;
type Errors = Partial<Record<FieldName | "form", string>>;

const EMPTY: Values = {
  name: "",
  displayName: "",
  region: "",
  zone: "",
  network: "",
  provider: "",
  kind: "kubernetes",
};

const FIELDS = new Set<string>(Object.keys(EMPTY));

/** The API's and zod's messages start with the field ("region: must be…"); the label says it. */
function withoutField(message: string): string {
  return message.replace(/^[A-Za-z. ]+: /, "");
}

function toInput(v: Values): ClusterCreateInput {
  const input: ClusterCreateInput = { name: v.name.trim(), region: v.region.trim(), kind: v.kind };
  for (const key of ["displayName", "zone", "network", "provider"] as const) {
    const value = v[key].trim();
    if (value) input[key] = value;
  }
  return input;
}

/**
 * The label already names the field, so say only what to fix. zod's union (zone: a label
 * or "") says just "Invalid input"; the label rule is spelled out once, briefly.
 */
function friendly(message: string): string {
  if (/^Invalid input/.test(message) || /RFC 1123 label/.test(message)) {
    return "Use lower-case letters, digits and '-', starting and ending with a letter or digit.";
  }
  return withoutField(message);
}

/** Errors keyed by field, from zod issues or the API's `details` (both carry `path`). */
function errorsFrom(issues: { path: PropertyKey[]; message: string }[], fallback: string): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    const field = (FIELDS.has(key) ? key : "form") as FieldName | "form";
    errors[field] ??= friendly(issue.message);
  }
  if (Object.keys(errors).length === 0) errors.form = fallback;
  return errors;
}

function apiErrors(err: unknown): Errors {
  if (!(err instanceof ApiRequestError)) return { form: "Could not add the cluster." };
  if (err.status === 409) return { name: err.message };
  if (err.issues.length > 0) return errorsFrom(err.issues, err.message);
  // A message naming one field ("region: …") still lands next to that field.
  const field = /^([A-Za-z]+):/.exec(err.message)?.[1];
  if (field && FIELDS.has(field)) return { [field]: friendly(err.message) };
  return { form: err.message };
}

type AddClusterFormProps = {
  onCreated: (cluster: ClusterSummary) => void;
  onPendingChange: (pending: boolean) => void;
};

/** Register a cluster: name and region are required; the rest describes it. */
export function AddClusterForm({ onCreated, onPendingChange }: AddClusterFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCluster();

  function set(key: FieldName, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toInput(values);
    // The API's own schema, so the form and the server never disagree on what is valid.
    const parsed = clusterCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues, "Check the fields above."));
      return;
    }
    setErrors({});
    onPendingChange(true);
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (err) {
      setErrors(apiErrors(err));
    } finally {
      onPendingChange(false);
    }
  }

  function control(key: FieldName) {
    const id = `cluster-${key}`;
    return {
      id,
      name: key,
      value: values[key],
      "aria-invalid": errors[key] ? true : undefined,
      "aria-describedby": errors[key] ? `${id}-error` : undefined,
    };
  }

  function error(key: FieldName) {
    return errors[key] ? (
      <p id={`cluster-${key}-error`} className="text-xs text-red-700 dark:text-red-300">
        {errors[key]}
      </p>
    ) : null;
  }

  return (
    <form
      id={ADD_CLUSTER_FORM_ID}
      onSubmit={handleSubmit}
      noValidate
      aria-label="Add cluster"
      className="grid gap-x-3 gap-y-3 sm:grid-cols-2"
    >
      <Field
        label="Name"
        htmlFor="cluster-name"
        hint={errors.name ? undefined : "Lower-case letters, digits and '-'. Can't be changed."}
      >
        <Input
          {...control("name")}
          autoFocus
          required
          maxLength={63}
          placeholder="e.g. east-3"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(e) => set("name", e.target.value)}
        />
        {error("name")}
      </Field>
      <Field label="Display name (optional)" htmlFor="cluster-displayName">
        <Input
          {...control("displayName")}
          maxLength={100}
          placeholder="e.g. US East 3"
          onChange={(e) => set("displayName", e.target.value)}
        />
        {error("displayName")}
      </Field>
      <Field label="Region" htmlFor="cluster-region">
        <Input
          {...control("region")}
          required
          maxLength={63}
          placeholder="e.g. us-east-1"
          spellCheck={false}
          className="font-mono"
          onChange={(e) => set("region", e.target.value)}
        />
        {error("region")}
      </Field>
      <Field label="Zone (optional)" htmlFor="cluster-zone">
        <Input
          {...control("zone")}
          maxLength={63}
          placeholder="e.g. us-east-1a"
          spellCheck={false}
          className="font-mono"
          onChange={(e) => set("zone", e.target.value)}
        />
        {error("zone")}
      </Field>
      <Field
        label="Network (optional)"
        htmlFor="cluster-network"
        hint={errors.network ? undefined : "Clusters on one network reach each other's pods."}
      >
        <Input
          {...control("network")}
          maxLength={63}
          placeholder="e.g. vpc-east"
          spellCheck={false}
          className="font-mono"
          onChange={(e) => set("network", e.target.value)}
        />
        {error("network")}
      </Field>
      <Field label="Provider (optional)" htmlFor="cluster-provider">
        <Input
          {...control("provider")}
          maxLength={100}
          placeholder="e.g. EKS, GKE, on-prem"
          onChange={(e) => set("provider", e.target.value)}
        />
        {error("provider")}
      </Field>
      <Field label="Kind" htmlFor="cluster-kind" className="sm:col-span-2">
        <Select
          id="cluster-kind"
          name="kind"
          value={values.kind}
          onChange={(e) => set("kind", e.target.value)}
          className="sm:w-64"
        >
          <option value="kubernetes">Kubernetes cluster</option>
          <option value="vm-site">VM site (workloads outside Kubernetes)</option>
        </Select>
      </Field>
      {errors.form ? (
        <p role="alert" className="text-[13px] text-red-700 sm:col-span-2 dark:text-red-300">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
