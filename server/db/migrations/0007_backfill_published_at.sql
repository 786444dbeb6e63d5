-- Custom SQL migration file, put your code below! --
-- Tours published before `published_at` existed count as published at their last change.
UPDATE "flows" SET "published_at" = "updated_at" WHERE "published" AND "published_at" IS NULL;
