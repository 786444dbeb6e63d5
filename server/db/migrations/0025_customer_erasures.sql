CREATE TABLE "customer_erasures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"mode" text NOT NULL,
	"suppress" boolean NOT NULL,
	"customer_hash" text NOT NULL,
	"keys" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"receipt" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppressed_customers" (
	"brand_id" integer NOT NULL,
	"customer_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressed_customers_brand_id_customer_hash_pk" PRIMARY KEY("brand_id","customer_hash")
);
--> statement-breakpoint
ALTER TABLE "suppressed_customers" ADD CONSTRAINT "suppressed_customers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_erasures_brand_idx" ON "customer_erasures" USING btree ("brand_id","id");