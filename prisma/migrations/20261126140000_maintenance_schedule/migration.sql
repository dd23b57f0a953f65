-- Scheduled maintenance (issue 19): a period may carry its planned end, announced ahead with its start.
-- It stops being active at that time; ended_at stays the moment an admin ended (or cancelled) it.
ALTER TABLE "maintenance_periods" ADD COLUMN "planned_end_at" TIMESTAMPTZ(3);
