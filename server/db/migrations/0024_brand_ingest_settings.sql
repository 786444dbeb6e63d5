ALTER TABLE "brands" ADD COLUMN "ip_capture" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "event_filters" jsonb DEFAULT '[]'::jsonb NOT NULL;