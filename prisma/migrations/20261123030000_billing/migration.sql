-- Billing: one monthly budget per company, its alert thresholds, and the alert events (one per alert and
-- billing cycle) that the console shows and that are e-mailed when SMTP is configured.
CREATE TABLE "budgets" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "amount_eur" DECIMAL(14,2) NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "budgets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "budgets_company_id_key" ON "budgets"("company_id");

CREATE TABLE "budget_alerts" (
    "id" SERIAL NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    "threshold_type" TEXT NOT NULL,
    "threshold_value" DECIMAL(14,2) NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "budget_alerts_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "budget_alerts_budget_id_threshold_type_threshold_value_key" ON "budget_alerts"("budget_id", "threshold_type", "threshold_value");
CREATE INDEX "budget_alerts_company_id_idx" ON "budget_alerts"("company_id");

CREATE TABLE "budget_alert_events" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "alert_id" INTEGER,
    "cycle_start" DATE NOT NULL,
    "threshold_type" TEXT NOT NULL,
    "threshold_value" DECIMAL(14,2) NOT NULL,
    "threshold_eur" DECIMAL(14,2) NOT NULL,
    "spend_eur" DECIMAL(14,2) NOT NULL,
    "budget_amount_eur" DECIMAL(14,2) NOT NULL,
    "email_status" TEXT NOT NULL DEFAULT 'not_configured',
    "email_error" TEXT,
    "emailed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "budget_alert_events_pkey" PRIMARY KEY ("id")
);
-- One event per alert, cycle and threshold (a changed threshold may fire again): concurrent crossings
-- insert with ON CONFLICT DO NOTHING.
CREATE UNIQUE INDEX "budget_alert_events_alert_id_cycle_start_threshold_type_thr_key" ON "budget_alert_events"("alert_id", "cycle_start", "threshold_type", "threshold_value");
CREATE INDEX "budget_alert_events_company_id_created_at_idx" ON "budget_alert_events"("company_id", "created_at");
CREATE INDEX "budget_alert_events_email_status_idx" ON "budget_alert_events"("email_status");

ALTER TABLE "budgets" ADD CONSTRAINT "budgets_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "budget_alerts" ADD CONSTRAINT "budget_alerts_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "budget_alert_events" ADD CONSTRAINT "budget_alert_events_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "budget_alert_events" ADD CONSTRAINT "budget_alert_events_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "budget_alerts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Daily usage per company, user, key and feature, maintained by recordUsage in the same transaction as each
-- usage event: spending-limit checks, spend and histograms read a few rows instead of every event. '' and 0
-- stand for "no key" / "no user" so the primary key can be an upsert target.
CREATE TABLE "usage_daily" (
    "company_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "user_id" INTEGER NOT NULL DEFAULT 0,
    "api_key_id" TEXT NOT NULL DEFAULT '',
    "feature" TEXT NOT NULL,
    "quantity" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("company_id", "day", "user_id", "api_key_id", "feature")
);
CREATE INDEX "usage_daily_api_key_id_day_idx" ON "usage_daily"("api_key_id", "day");
CREATE INDEX "usage_daily_user_id_day_idx" ON "usage_daily"("user_id", "day");
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Usage recorded before this migration.
INSERT INTO "usage_daily" ("company_id", "day", "user_id", "api_key_id", "feature", "quantity")
SELECT "company_id", ("occurred_at" AT TIME ZONE 'UTC')::date, COALESCE("user_id", 0), COALESCE("api_key_id", ''), "feature", SUM("quantity")
FROM "usage_events"
GROUP BY 1, 2, 3, 4, 5;
