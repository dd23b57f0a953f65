// The table of datasource types: the only place that names a connector. The engine looks types up here.
import { AppError } from "@/lib/errors";
import { filedriveConnector } from "./filedrive/connector";
import { servicedeskConnector } from "./servicedesk/connector";
import { sitehostConnector } from "./sitehost/connector";
import type { AnyConnector } from "./types";
import { webscrapperConnector } from "./webscrapper/connector";

/** The spec's datasource types (`unknown_provider` lists them). */
export const SPEC_DATASOURCE_TYPES = ["filedrive", "sitehost", "servicedesk", "webscrapper"] as const;

const connectors = new Map<string, AnyConnector>([
  [webscrapperConnector.type, webscrapperConnector],
  [filedriveConnector.type, filedriveConnector],
  [servicedeskConnector.type, servicedeskConnector],
  [sitehostConnector.type, sitehostConnector],
]);

export function findConnector(type: string): AnyConnector | undefined {
  return connectors.get(type);
}

/** The connector of a type, or 400 unknown_provider listing the spec's types and those this server has. */
export function connectorFor(type: string): AnyConnector {
  const found = connectors.get(type);
  if (found) return found;
  const available = [...connectors.keys()].filter((t) => !t.startsWith("test-"));
  const spec = (SPEC_DATASOURCE_TYPES as readonly string[]).includes(type);
  throw new AppError(
    "unknown_provider",
    spec
      ? `The datasource type "${type}" is not available on this server yet; available: ${available.join(", ")}.`
      : `Unknown datasource type "${type}"; supported: ${SPEC_DATASOURCE_TYPES.join(", ")}.`,
  );
}

export function availableConnectorTypes(): string[] {
  return [...connectors.keys()];
}

/** Tests register in-process fakes (types starting with "test-"); production registers in the table above. */
export function registerConnectorForTests(connector: AnyConnector): () => void {
  if (!connector.type.startsWith("test-")) throw new Error("test connectors' types start with test-");
  connectors.set(connector.type, connector);
  return () => void connectors.delete(connector.type);
}
