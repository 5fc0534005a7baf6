"use client";

import type { IssuedJoinToken } from "@/components/data/use-clusters";
import { formatAbsolute, formatRelative } from "@/components/format/time";
import { OneTimeSecretNote } from "@/components/ui/one-time-secret-note";
import { SecretField } from "@/components/ui/secret-field";
import { WarningNote } from "@/components/ui/warning-note";

/** A freshly issued join token and its Helm command, with the shown-once warning. */
export function JoinTokenView({
  cluster,
  issued,
  live = false,
}: {
  cluster: string;
  issued: IssuedJoinToken;
  /** The cluster is already accepted: the agent gets desired state as soon as it registers. */
  live?: boolean;
}) {
  return (
    <div className="space-y-4" data-testid="join-token">
      <OneTimeSecretNote>
        <p className="font-medium">Copy the join token or the install command now.</p>
        <p className="mt-0.5">
          They won&apos;t be shown again — Meridian keeps only a hash. The token works once and
          expires{" "}
          <span title={formatAbsolute(issued.expiresAt)}>{formatRelative(issued.expiresAt)}</span>;
          if it is lost, issue a new one from the cluster&apos;s page.
        </p>
      </OneTimeSecretNote>
      {issued.warnings.map((warning) => (
        <WarningNote key={warning} testId="join-url-warning">
          {warning}
        </WarningNote>
      ))}
      <SecretField
        id={`join-command-${cluster}`}
        label="Install command (Helm)"
        value={issued.installCommand}
        wrap="scroll"
        data-testid="join-install-command"
      />
      <SecretField
        id={`join-token-${cluster}`}
        label="Join token"
        value={issued.token}
        data-testid="join-token-value"
      />
      <p className="text-muted text-xs">
        Run the command with a kubeconfig for <span className="font-mono">{cluster}</span>. The
        agent only connects outwards to Meridian;{" "}
        {live ? (
          "once it registers, it receives the cluster's desired state."
        ) : (
          <>
            once it registers, the cluster waits here as{" "}
            <span className="text-fg font-medium">pending</span> until an admin accepts it.
          </>
        )}
      </p>
    </div>
  );
}
