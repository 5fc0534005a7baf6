/** Where Meridian serves the agent's packaged chart (app/charts/[file]/route.ts). */
export function agentChartUrl(publicUrl: string, chartFile: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/charts/${chartFile}`;
}

/**
 * The Helm command that installs the agent into a cluster with its join token: the chart comes
 * from Meridian itself, so it runs on any machine that reaches Meridian, not only a checkout.
 */
export function agentInstallCommand(opts: {
  url: string;
  chartUrl: string;
  cluster: string;
  joinToken: string;
}): string {
  return [
    `helm upgrade --install meridian-agent ${opts.chartUrl}`,
    "--namespace meridian-system --create-namespace",
    `--set meridian.url=${opts.url}`,
    `--set cluster.name=${opts.cluster}`,
    `--set joinToken=${opts.joinToken}`,
  ].join(" \\\n  ");
}

/** Hosts that name the machine itself: an agent in another cluster cannot reach them. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    host === "0.0.0.0" ||
    host === "::" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** What is wrong with `url` as the address agents in other clusters connect to, if anything. */
export function agentUrlWarnings(url: string): string[] {
  const { hostname } = new URL(url);
  if (!isLoopbackHost(hostname)) return [];
  return [
    `Meridian's public URL is ${url}, which names this machine: an agent in another cluster ` +
      "cannot reach it (nor its chart). Set MERIDIAN_PUBLIC_URL (or NEXTAUTH_URL) to the address " +
      "clusters reach Meridian at, then issue a new token.",
  ];
}
