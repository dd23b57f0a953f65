// The billable operations that write usage events. Pure data: the API contracts (metered endpoints),
// metering and billing all name features from here.
export const USAGE_FEATURES = ["parsing", "ingestion", "extraction", "search", "rag"] as const;
export type UsageFeature = (typeof USAGE_FEATURES)[number];
