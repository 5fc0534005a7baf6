import "server-only";
import { toRemoteImport } from "@/lib/model/federated-service";
import type { RemoteImport } from "@/lib/meshes";
import { listImports, listOffers } from "@/lib/store/peers";
import { readTogether, type Tx } from "@/lib/store/transaction";

/**
 * The remote imports the compiler takes: every import whose service is still offered. An import
 * the peer withdrew compiles to nothing (the next plan of its clusters removes its resources).
 */
export async function currentRemoteImports(tx: Tx): Promise<RemoteImport[]> {
  const [imports, offers] = await readTogether(
    tx,
    () => listImports(tx),
    () => listOffers(tx),
  );
  const byKey = new Map(offers.map((o) => [`${o.peer}\u0000${o.name}`, o.service]));
  return imports.flatMap((i) => {
    const offer = byKey.get(`${i.peerName}\u0000${i.serviceName}`);
    return offer ? [toRemoteImport(i.peerName, offer, i.clusters)] : [];
  });
}
