import type { AnalyzedService } from "../kit/analyzed-service";
import type { Sink } from "../kit/mesh-adapter";
import type { SitePlacement } from "../kit/site-placement";
import { consulTranslator } from "./translate";

/**
 * Consul: the site's services register with the host's datacenter natively (its Consul agents);
 * the host's ExportedServices entry for the service covers them.
 */
export function compileConsulSite(svc: AnalyzedService, p: SitePlacement, out: Sink): void {
  if (p.host)
    consulTranslator.translate(
      svc,
      {
        cluster: p.cluster,
        meshName: "Consul",
        exporter: { cluster: p.cluster, service: p.site.service },
        importer: false,
      },
      out,
    );
}
