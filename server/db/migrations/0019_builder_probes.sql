CREATE TABLE "builder_probes" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"probe_id" text NOT NULL,
	"selector" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "builder_probes" ADD CONSTRAINT "builder_probes_session_id_builder_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."builder_sessions"("id") ON DELETE cascade ON UPDATE no action;