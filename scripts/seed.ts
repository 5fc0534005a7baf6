// Seed Distributed Bookinfo into the database at DATABASE_URL (through the domain functions).
import { seedDemoFleet } from "@/lib/services/inventory/demo-seed";
import { db } from "@/lib/store/client";

if (!process.env.DATABASE_URL) {
  console.error(
    "seed: set DATABASE_URL (or use `npm run demo`, which seeds its embedded database)",
  );
  process.exit(1);
}
const { clusters } = await seedDemoFleet();
console.log(`seed: Distributed Bookinfo loaded on ${clusters} clusters`);
await db().$disconnect();
