import "server-only";

// Whether this replica can serve: the database answers.
export { pingDatabase } from "@/lib/store/health";
