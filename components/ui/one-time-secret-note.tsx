import type { ReactNode } from "react";
import { WarningNote } from "./warning-note";

/** The warning above a secret that is shown only once (API tokens, join tokens). */
export function OneTimeSecretNote({ children }: { children: ReactNode }) {
  return <WarningNote>{children}</WarningNote>;
}
