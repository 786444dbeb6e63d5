CREATE TABLE "segment_member_sweeps" (
	"segment_id" integer PRIMARY KEY NOT NULL,
	"swept_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_members" (
	"segment_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "segment_members_segment_id_profile_id_pk" PRIMARY KEY("segment_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "segment_member_sweeps" ADD CONSTRAINT "segment_member_sweeps_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_profile_id_customer_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."customer_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_members_profile_idx" ON "segment_members" USING btree ("profile_id");