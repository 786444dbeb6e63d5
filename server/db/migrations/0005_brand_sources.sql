ALTER TABLE "brands" ADD COLUMN "allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "require_signed_identity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "identity_secret" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "server_key_hash" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "server_key_hint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_server_key_uq" ON "brands" USING btree ("server_key_hash");