ALTER TABLE "flows" ADD COLUMN "target_health_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "target_changed_at" jsonb DEFAULT '{}'::jsonb NOT NULL;