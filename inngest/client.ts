// The Inngest client, used only when JOBS_RUNNER=inngest (or INNGEST_EVENT_KEY is set); the local runner
// never talks to it. Configured from lib/env.ts so that the SDK does not depend on ambient variables.
import { ConsoleLogger, Inngest } from "inngest";
import { env } from "@/lib/env";

function createInngestClient(): Inngest {
  const e = env();
  return new Inngest({
    id: "docintel",
    eventKey: e.INNGEST_EVENT_KEY,
    signingKey: e.INNGEST_SIGNING_KEY,
    baseUrl: e.INNGEST_BASE_URL,
    // Undefined lets the SDK pick: dev server without keys, cloud with a signing key.
    isDev: e.INNGEST_DEV,
    logger: new ConsoleLogger({ level: e.LOG_LEVEL }),
  });
}

export const inngest = createInngestClient();
