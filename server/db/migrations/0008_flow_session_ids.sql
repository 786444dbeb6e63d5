ALTER TABLE "flow_sessions" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "flow_sessions" ADD COLUMN "anonymous_id" text;