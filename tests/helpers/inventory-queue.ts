import { inventorySlots } from "@/lib/services/agents/inventory";
import { waitFor } from "../../scripts/lib/processes";

/**
 * Fill the process's inventory queue: every slot runs a task that waits, and the queue holds
 * waiters up to MERIDIAN_INVENTORY_QUEUE_MAX (set before the first use). Returns the release,
 * which resolves once every task ran.
 */
export async function occupyInventoryQueue(): Promise<() => Promise<void>> {
  const queue = inventorySlots();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const held: Promise<unknown>[] = [];
  for (;;) {
    const before = queue.load;
    const task = queue.run(() => gate).catch((e: unknown) => e);
    const after = queue.load;
    if (after.active === before.active && after.waiting === before.waiting) break; // refused: full
    held.push(task);
  }
  await waitFor("queue full", () => queue.load.waiting > 0, 1000, 5);
  return async () => {
    open();
    await Promise.all(held);
  };
}

/**
 * Hold every slot of the process's inventory queue with a task that waits, leaving nobody
 * waiting. Returns the release, which resolves once every task ran.
 */
export async function occupyInventorySlots(): Promise<() => Promise<void>> {
  const queue = inventorySlots();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const held: Promise<unknown>[] = [];
  for (;;) {
    const probe = new AbortController();
    const before = queue.load.active;
    const task = queue.run(() => gate, probe.signal).catch((e: unknown) => e);
    if (queue.load.active === before) {
      // That one had to wait: every slot is held. Take it back out of the queue.
      probe.abort(new Error("every slot is held"));
      await task;
      break;
    }
    held.push(task);
  }
  return async () => {
    open();
    await Promise.all(held);
  };
}
