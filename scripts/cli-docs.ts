// docs/cli.md from the CLI's own help: `npm run docs:cli` writes it, and
// tests/cli/docs.test.ts fails when the file and the help differ.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { cliReference } from "../cli/reference";

const file = path.resolve(import.meta.dirname, "../docs/cli.md");
writeFileSync(file, cliReference());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
