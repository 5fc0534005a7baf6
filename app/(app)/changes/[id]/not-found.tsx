import { ChangeSetNotFound } from "@/components/changes/change-set-not-found";

export default function ChangeSetPageNotFound() {
  return <ChangeSetNotFound />;
}
