// GET/POST/PUT /api/inngest — called by Inngest (signed requests) to sync and run the job functions.
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { inngestFunctions } from "@/inngest/functions";

export const { GET, POST, PUT } = serve({ client: inngest, functions: inngestFunctions });
