"use client";

import { ClipboardList, Undo2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import type { GlobalServiceDto } from "@/lib/model/inventory";
import {
  useApplyPlan,
  useIntent,
  usePlan,
  useReplan,
  useServing,
  type IntentChangeInput,
  type IntentDto,
} from "@/components/data/use-intent";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { tierProblems, trafficWeightProblems, type Tier } from "./failover-draft";
import {
  AccessFields,
  DEFAULT_OUTLIER,
  OutlierFields,
  outlierProblems,
  TrafficWeightFields,
  type OutlierSettings,
} from "./failover-settings";
import { FailoverTiers } from "./failover-tiers";
import { PlanReview } from "./plan-review";
import { ChangeWords } from "./change-words";
import { planView } from "./plan-view";
import { WhoServesWhom } from "./who-serves-whom";

type Policy = {
  enabled: boolean;
  tiers: Tier[];
  outlier: OutlierSettings;
  trafficWeights: Record<string, number> | null;
  access: string[] | null;
};

function policyOf(intent: IntentDto | undefined): Policy {
  return {
    enabled: Boolean(intent?.failover),
    tiers: intent?.failover?.tiers ?? [],
    outlier: intent?.failover?.outlierDetection ?? DEFAULT_OUTLIER,
    trafficWeights: intent?.trafficWeights ?? null,
    access: intent?.access ?? null,
  };
}

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <h3 className="text-subtle mb-2 text-[11px] font-semibold tracking-wide uppercase">
      {children}
    </h3>
  );
}

/** Failover order, weights, outlier detection and access of one global service, then plan → apply. */
export function FailoverSection({
  service,
  canChange,
}: {
  service: GlobalServiceDto;
  canChange: boolean;
}) {
  const router = useRouter();
  const key = `${service.namespace}/${service.name}`;
  const intentQuery = useIntent();
  const intent = intentQuery.data?.items.find((i) => `${i.namespace}/${i.name}` === key);
  const serving = useServing(service.namespace, service.name);
  const plan = usePlan();
  const apply = useApplyPlan();
  const { replanning, replan } = useReplan(apply);
  const saved = useMemo(() => policyOf(intent), [intent]);
  // The edit in progress; null = showing the saved policy (which refreshes with the intent).
  const [edited, setPolicy] = useState<Policy | null>(null);
  const policy = edited ?? saved;
  const [reviewing, setReviewing] = useState(false);

  const names = new Map(service.clusters.map((m) => [m.cluster, m.displayName]));
  const exporters = (intent?.exports ?? []).map((c) => ({
    name: c,
    displayName: names.get(c) ?? c,
  }));
  const consumers = (intent?.imports ?? []).map((c) => ({
    name: c,
    displayName: names.get(c) ?? c,
  }));
  const candidates = service.clusters
    .filter((m) => intent?.exports.includes(m.cluster))
    .map((m) => ({
      name: m.cluster,
      displayName: m.displayName,
      endpoints: m.endpoints,
      stale: m.stale,
      site: m.site === true,
    }));
  const dirty = JSON.stringify(policy) !== JSON.stringify(saved);
  const problems = [
    ...(policy.enabled && policy.tiers.length === 0 ? ["Put at least one cluster in a tier."] : []),
    ...(policy.enabled ? tierProblems(policy.tiers) : []),
    ...(policy.enabled ? outlierProblems(policy.outlier) : []),
    ...trafficWeightProblems(policy.trafficWeights),
  ];
  const disabled = !canChange || reviewing;

  function change(version = intent?.version ?? 1): IntentChangeInput[] {
    return [
      {
        namespace: service.namespace,
        name: service.name,
        version,
        failover: policy.enabled ? { tiers: policy.tiers, outlierDetection: policy.outlier } : null,
        trafficWeights: policy.trafficWeights,
        access: policy.access,
      },
    ];
  }

  if (intentQuery.error && !intentQuery.data)
    return (
      <ErrorPanel
        title="Could not load the failover policy"
        message={intentQuery.error.message}
        onRetry={() => void intentQuery.refetch()}
      />
    );

  return (
    <Card data-testid="failover-section">
      <CardHeader
        title="Failover and traffic"
        description="Served locally while healthy, then by the next tier in this order. Outlier detection is always on with failover (Istio ignores failover without it)."
        actions={
          canChange && !reviewing ? (
            <>
              <Button size="sm" disabled={!dirty} onClick={() => setPolicy(null)}>
                <Undo2 className="size-3.5" aria-hidden />
                Reset
              </Button>
              <Button
                size="sm"
                variant="primary"
                disabled={!dirty || problems.length > 0}
                loading={plan.isPending}
                onClick={() => {
                  apply.reset();
                  plan.mutate(change(), { onSuccess: () => setReviewing(true) });
                }}
              >
                {plan.isPending ? null : <ClipboardList className="size-3.5" aria-hidden />}
                Review plan
              </Button>
            </>
          ) : null
        }
      />
      {intentQuery.isPending ? (
        <CardBody>
          <Skeleton className="h-24 w-full" />
        </CardBody>
      ) : reviewing && plan.data ? (
        <CardBody>
          <PlanReview
            summary={
              <ChangeWords
                before={intent}
                after={{
                  namespace: service.namespace,
                  name: service.name,
                  exports: intent?.exports ?? [],
                  imports: intent?.imports ?? [],
                  failover: change()[0]?.failover ?? null,
                  trafficWeights: policy.trafficWeights ?? null,
                  access: policy.access ?? null,
                }}
              />
            }
            {...planView(
              plan.data,
              service.clusters.map((m) => ({ name: m.cluster, displayName: m.displayName })),
            )}
            canChange={canChange}
            applying={apply.isPending}
            replanning={replanning || plan.isPending}
            applyError={apply.error}
            onApply={() =>
              apply.mutate(
                { changes: change(), title: `Failover and traffic of ${key}` },
                { onSuccess: (cs) => router.push(`/changes/${cs.number}`) },
              )
            }
            onReplan={() =>
              replan(async () => {
                const { data } = await intentQuery.refetch();
                const fresh = data?.items.find((i) => `${i.namespace}/${i.name}` === key);
                await plan.mutateAsync(change(fresh?.version));
              })
            }
            onBack={() => setReviewing(false)}
          />
        </CardBody>
      ) : (
        <div className="divide-border grid divide-y lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:divide-x lg:divide-y-0">
          <CardBody className="space-y-5">
            {candidates.length === 0 ? (
              <p className="text-subtle text-xs" data-testid="failover-no-exporters">
                Export this service from at least one cluster (on the{" "}
                <Link
                  href={`/sharing?q=${encodeURIComponent(key)}`}
                  className="text-accent font-medium underline-offset-2 hover:underline"
                >
                  Sharing page
                </Link>
                ) before setting a failover order.
              </p>
            ) : (
              <>
                <label className="text-fg flex items-center gap-2 text-[13px] font-medium">
                  <input
                    type="checkbox"
                    checked={policy.enabled}
                    disabled={disabled}
                    onChange={(e) =>
                      setPolicy({
                        ...policy,
                        enabled: e.target.checked,
                        tiers:
                          e.target.checked && policy.tiers.length === 0
                            ? candidates.map((c) => ({ clusters: [{ name: c.name }] }))
                            : policy.tiers,
                      })
                    }
                    className="size-3.5 accent-[var(--accent)]"
                  />
                  Fail over between clusters in a set order
                </label>
                {policy.enabled ? (
                  <>
                    <div>
                      <SubHeading>Tiers</SubHeading>
                      <FailoverTiers
                        tiers={policy.tiers}
                        candidates={candidates}
                        disabled={disabled}
                        onChange={(tiers) => setPolicy({ ...policy, tiers })}
                      />
                    </div>
                    <div>
                      <SubHeading>Outlier detection</SubHeading>
                      <OutlierFields
                        value={policy.outlier}
                        disabled={disabled}
                        onChange={(outlier) => setPolicy({ ...policy, outlier })}
                      />
                    </div>
                  </>
                ) : null}
              </>
            )}
            <div>
              <SubHeading>Migration</SubHeading>
              <TrafficWeightFields
                exporters={exporters}
                value={policy.trafficWeights}
                disabled={disabled}
                onChange={(trafficWeights) => setPolicy({ ...policy, trafficWeights })}
              />
            </div>
            <div>
              <SubHeading>Access</SubHeading>
              <AccessFields
                consumers={consumers}
                value={policy.access}
                disabled={disabled}
                onChange={(access) => setPolicy({ ...policy, access })}
              />
            </div>
            {problems.length > 0 && dirty ? (
              <ul
                role="alert"
                className="space-y-0.5 text-xs text-red-700 dark:text-red-300"
                data-testid="failover-problems"
              >
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
            {plan.error ? (
              <p role="alert" className="text-xs text-red-700 dark:text-red-300">
                Could not plan: {plan.error.message}
              </p>
            ) : null}
          </CardBody>
          <div>
            <div className="border-border border-b px-4 py-3">
              <h3 className="text-fg text-sm font-semibold">Who serves whom</h3>
              <p className="text-subtle mt-0.5 text-xs">
                For each cluster that imports the service, the clusters that would serve it, in
                order, given the current endpoint health (saved policy). An exporter that does not
                import it serves only its own, local traffic.
              </p>
            </div>
            {serving.isPending ? (
              <div className="p-4">
                <Skeleton className="h-16 w-full" />
              </div>
            ) : serving.error ? (
              <p role="alert" className="px-4 py-3 text-xs text-red-700 dark:text-red-300">
                Could not load: {serving.error.message}
              </p>
            ) : (
              <WhoServesWhom
                rows={(serving.data?.consumers ?? []).map((c) => ({
                  consumer: c.cluster,
                  displayName: names.get(c.cluster),
                  imports: intent?.imports.includes(c.cluster) ?? false,
                  targets: c.servedBy.map((t) => ({ ...t, displayName: names.get(t.cluster) })),
                }))}
              />
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
