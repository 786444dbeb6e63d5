ALTER TABLE "flows" ADD COLUMN "definition_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "flows" SET "definition_bytes" = octet_length("definition"::text) + octet_length("layout"::text);
