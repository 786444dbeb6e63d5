CREATE TABLE "flow_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"visitor_key" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"current_step_id" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"end_reason" text,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flow_sessions" ADD CONSTRAINT "flow_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sessions" ADD CONSTRAINT "flow_sessions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_sessions_visitor_idx" ON "flow_sessions" USING btree ("brand_id","visitor_key","flow_id");--> statement-breakpoint
CREATE INDEX "flow_sessions_flow_idx" ON "flow_sessions" USING btree ("flow_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_sessions_one_open_uq" ON "flow_sessions" USING btree ("brand_id","visitor_key") WHERE "flow_sessions"."state" = 'open';