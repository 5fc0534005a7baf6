/** The Helm command that installs the agent into a cluster with its join token. */
export function agentInstallCommand(opts: {
  url: string;
  cluster: string;
  joinToken: string;
}): string {
  return [
    "helm upgrade --install meridian-agent ./deploy/agent",
    "--namespace meridian-system --create-namespace",
    `--set meridian.url=${opts.url}`,
    `--set cluster.name=${opts.cluster}`,
    `--set joinToken=${opts.joinToken}`,
  ].join(" \\\n  ");
}
