import type { IntentDto } from "@/lib/model/intent";

/** The parts of an intent a change set can change, as stored before and after it. */
export type IntentState = Pick<
  IntentDto,
  "namespace" | "name" | "exports" | "imports" | "failover" | "trafficWeights" | "access"
>;

const added = (from: readonly string[], to: readonly string[]) =>
  to.filter((c) => !from.includes(c));

function tiersInWords(failover: IntentDto["failover"]): string {
  return (failover?.tiers ?? []).map((t) => t.clusters.map((c) => c.name).join(" + ")).join(" → ");
}

function weightsInWords(weights: Record<string, number>): string {
  return Object.entries(weights)
    .map(([cluster, w]) => `${cluster} ${w}%`)
    .join(", ");
}

/** One service's change in words: "export bookinfo/ratings from east-2", "fail over …". */
function serviceInWords(before: IntentState | undefined, after: IntentState): string[] {
  const key = `${after.namespace}/${after.name}`;
  const was = {
    exports: before?.exports ?? [],
    imports: before?.imports ?? [],
    failover: before?.failover ?? null,
    trafficWeights: before?.trafficWeights ?? null,
    access: before?.access ?? null,
  };
  const words: string[] = [
    ...added(was.exports, after.exports).map((c) => `export ${key} from ${c}`),
    ...added(after.exports, was.exports).map((c) => `stop exporting ${key} from ${c}`),
    ...added(was.imports, after.imports).map((c) => `import ${key} into ${c}`),
    ...added(after.imports, was.imports).map((c) => `stop importing ${key} into ${c}`),
  ];
  const tiers = tiersInWords(after.failover);
  if (tiers !== tiersInWords(was.failover))
    words.push(tiers ? `fail over ${key}: ${tiers}` : `turn off failover for ${key}`);
  else if (
    JSON.stringify(after.failover?.outlierDetection) !==
    JSON.stringify(was.failover?.outlierDetection)
  )
    words.push(`change outlier detection for ${key}`);
  if (JSON.stringify(after.trafficWeights) !== JSON.stringify(was.trafficWeights))
    words.push(
      after.trafficWeights && Object.keys(after.trafficWeights).length > 0
        ? `split ${key}'s traffic: ${weightsInWords(after.trafficWeights)}`
        : `stop splitting ${key}'s traffic by weight`,
    );
  if (JSON.stringify(after.access) !== JSON.stringify(was.access))
    words.push(
      after.access === null
        ? `let every importing cluster call ${key}`
        : after.access.length === 0
          ? `let no cluster call ${key}`
          : `let only ${after.access.join(", ")} call ${key}`,
    );
  return words;
}

/** What a change set did to the intent, one line per change, in the services' order. */
export function intentChangesInWords(
  before: readonly IntentState[],
  after: readonly IntentState[],
): string[] {
  const previous = new Map(before.map((s) => [`${s.namespace}/${s.name}`, s]));
  return after.flatMap((s) => serviceInWords(previous.get(`${s.namespace}/${s.name}`), s));
}
